import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { NotificationRepository } from './notification.repository';
import { notificationRoutes } from './notification.routes';

/** A project's notifications and their delivery attempts. */
export function notificationsArea({ db }: Infrastructure): Area {
  return { routes: notificationRoutes(new NotificationRepository(db)) };
}
