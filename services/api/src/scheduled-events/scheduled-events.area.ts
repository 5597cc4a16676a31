import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { ScheduledEventRepository } from './scheduled-event.repository';
import { scheduledEventRoutes } from './scheduled-event.routes';
import { ScheduledEventsService } from './scheduled-events.service';

/** Events a project schedules for later (the scheduler service publishes them when due). */
export function scheduledEventsArea({ db, eventRules }: Infrastructure): Area {
  const repo = new ScheduledEventRepository(db);
  return { routes: scheduledEventRoutes({ repo, scheduled: new ScheduledEventsService(repo, eventRules) }) };
}
