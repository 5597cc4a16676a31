import type { Queryable } from '@herald/db';
import { ScheduledEventRepository } from './scheduled-event.repository';

/** Every repository scheduled events use, on the database or one transaction. */
export function scheduledEventsRepositories(q: Queryable) {
  return {
    scheduledEvents: new ScheduledEventRepository(q),
  };
}
