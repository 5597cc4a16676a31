import { routes, type RouteTable } from '../http/route-table';
import type { NotificationRepository } from './notification.repository';
import { AppError } from '@herald/errors';
import { callerOf, pageOf, stringQuery } from '../http/caller';

export function notificationRoutes(notifications: NotificationRepository): RouteTable {
  const router = routes();

  router.get('/notifications', async (req, res) => {
    const filters = {
      status: stringQuery(req, 'status'),
      channel: stringQuery(req, 'channel'),
      recipient: stringQuery(req, 'recipient'),
      date_from: stringQuery(req, 'date_from'),
      date_to: stringQuery(req, 'date_to'),
    };
    res.json(await notifications.list(callerOf(req).projectId, filters, pageOf(req)));
  });

  router.get('/notifications/:id', async (req, res) => {
    const notification = await notifications.findDetail(callerOf(req).projectId, req.params.id);
    if (!notification) throw new AppError('not_found', `notification ${req.params.id} not found`);
    res.json(notification);
  });

  return router;
}
