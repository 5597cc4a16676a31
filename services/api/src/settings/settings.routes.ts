import type { Config } from '@herald/config';
import { Router } from 'express';
import { channelSettings, retryPolicies } from './settings.view';

export function settingsRoutes(config: Config): Router {
  const channels = channelSettings(config);
  const policies = retryPolicies(config);
  return Router()
    .get('/settings/channels', (_req, res) => {
      res.json(channels);
    })
    .get('/settings/retry-policies', (_req, res) => {
      res.json(policies);
    });
}
