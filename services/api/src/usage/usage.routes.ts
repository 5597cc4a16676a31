import { routes, type RouteTable } from '../http/route-table';
import type { UsageRepository } from './usage.repository';
import { callerOf, pageOf, stringQuery } from '../http/caller';

export function usageRoutes(usage: UsageRepository): RouteTable {
  return routes().get('/usage', async (req, res) => {
    const filters = { from: stringQuery(req, 'from'), to: stringQuery(req, 'to'), endpoint: stringQuery(req, 'endpoint') };
    res.json(await usage.list(callerOf(req).projectId, filters, pageOf(req)));
  });
}
