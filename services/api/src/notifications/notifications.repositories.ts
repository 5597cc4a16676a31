import type { Queryable } from '@herald/db';
import { NotificationRepository } from './notification.repository';

/** Every repository reading notifications uses, on the database or one transaction. */
export function notificationsRepositories(q: Queryable) {
  return {
    notifications: new NotificationRepository(q),
  };
}
