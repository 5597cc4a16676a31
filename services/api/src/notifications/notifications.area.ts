import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { notificationRoutes } from './notification.routes';
import { notificationsRepositories } from './notifications.repositories';

/** A project's notifications and their delivery attempts. */
export function notificationsArea({ db }: Infrastructure): Area {
  return { routes: notificationRoutes(notificationsRepositories(db).notifications) };
}
