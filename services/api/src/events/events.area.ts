import { BatchedEventWriter } from '@herald/intake';
import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { eventRoutes } from './event.routes';
import { eventsRepositories } from './events.repositories';

/** Event intake (single and batch) and reading a project's events. */
export function eventsArea({ db, names, eventRules, onCommitted }: Infrastructure): Area {
  const intake = { db, repositories: eventsRepositories, events: new BatchedEventWriter(db), names, rules: eventRules, onCommitted };
  return { routes: eventRoutes(intake, eventsRepositories(db).events) };
}
