import { routes, type RouteTable } from '../http/route-table';
import { stringQuery } from '../http/caller';
import type { LiveDeliveriesService } from './live-deliveries.service';

export function liveDeliveriesRoutes(live: LiveDeliveriesService): RouteTable {
  const router = routes();

  router.get('/deliveries/stream', async (req, res) => {
    const auth = req.auth;
    if (!auth) throw new Error('route reached without authentication');
    await live.open({
      projectId: auth.projectId,
      caller: auth.apiKeyId !== null ? `key:${auth.apiKeyId}` : `user:${auth.userId}`,
      filters: { channel: stringQuery(req, 'channel'), outcome: stringQuery(req, 'outcome'), event_id: stringQuery(req, 'event_id') },
      lastEventId: req.get('Last-Event-ID'),
      res,
    });
  });

  return router;
}
