import { routes, type RouteTable } from '../http/route-table';
import type { AnalyticsService } from './analytics.service';
import { callerOf, stringQuery } from '../http/caller';

export function analyticsRoutes(analytics: AnalyticsService): RouteTable {
  const router = routes();

  router.get('/analytics', async (req, res) => {
    const query = { date_from: stringQuery(req, 'date_from'), date_to: stringQuery(req, 'date_to') };
    res.json(await analytics.summary(callerOf(req).projectId, query));
  });

  router.get('/analytics/trends', async (req, res) => {
    const granularity = stringQuery(req, 'granularity') as 'hour' | 'day' | undefined;
    const query = { date_from: stringQuery(req, 'date_from'), date_to: stringQuery(req, 'date_to'), granularity };
    res.json(await analytics.trends(callerOf(req).projectId, query));
  });

  return router;
}
