import type { Queryable } from '@herald/db';
import { EventStoreRepository } from '@herald/intake';
import { EventRepository } from './event.repository';

/** Every repository event intake and reading use, on the database or one transaction. */
export function eventsRepositories(q: Queryable) {
  return {
    events: new EventRepository(q),
    eventStore: new EventStoreRepository(q),
  };
}

export type EventsRepositories = ReturnType<typeof eventsRepositories>;
