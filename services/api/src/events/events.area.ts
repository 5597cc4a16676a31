import { BatchedEventWriter } from '@herald/intake';
import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { EventRepository } from './event.repository';
import { eventRoutes } from './event.routes';

/** Event intake (single and batch) and reading a project's events. */
export function eventsArea({ db, names, eventRules, onCommitted }: Infrastructure): Area {
  const intake = { db, events: new BatchedEventWriter(db), names, rules: eventRules, onCommitted };
  return { routes: eventRoutes(intake, new EventRepository(db)) };
}
