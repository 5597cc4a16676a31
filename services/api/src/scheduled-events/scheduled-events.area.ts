import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { scheduledEventRoutes } from './scheduled-event.routes';
import { scheduledEventsRepositories } from './scheduled-events.repositories';
import { ScheduledEventsService } from './scheduled-events.service';

/** Events a project schedules for later (the scheduler service publishes them when due). */
export function scheduledEventsArea({ db, eventRules }: Infrastructure): Area {
  const repo = scheduledEventsRepositories(db).scheduledEvents;
  return { routes: scheduledEventRoutes({ repo, scheduled: new ScheduledEventsService(repo, eventRules) }) };
}
