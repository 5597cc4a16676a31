import type { Config } from '@herald/config';
import { routes, type RouteTable } from '../http/route-table';
import { channelSettings, retryPolicies } from './settings.view';

export function settingsRoutes(config: Config): RouteTable {
  const channels = channelSettings(config);
  const policies = retryPolicies(config);
  return routes()
    .get('/settings/channels', (_req, res) => {
      res.json(channels);
    })
    .get('/settings/retry-policies', (_req, res) => {
      res.json(policies);
    });
}
