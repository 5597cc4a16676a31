import type { Queryable } from '@herald/db';
import { EventTypeRepository } from './event-type.repository';

/** Every repository a project's event type catalogue uses, on the database or one transaction. */
export function eventTypesRepositories(q: Queryable) {
  return {
    eventTypes: new EventTypeRepository(q),
  };
}
