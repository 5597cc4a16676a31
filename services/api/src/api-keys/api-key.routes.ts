import { routes, type RouteTable } from '../http/route-table';
import { pageOf } from '../http/caller';
import { actorOf } from '../organizations/control-plane-actor';
import type { ApiKeysService } from './api-keys.service';
import { DEFAULT_GRACE_PERIOD_S } from './rotation-policy';

/** Control-plane routes for a project's keys; the role gate has checked the caller's role. */
export function apiKeyRoutes(keys: ApiKeysService): RouteTable {
  const router = routes();

  router.post('/projects/:project_id/api-keys', async (req, res) => {
    res.status(201).json(await keys.create(req.params.project_id, req.body, actorOf(req)));
  });

  router.get('/projects/:project_id/api-keys', async (req, res) => {
    res.json(await keys.list(req.params.project_id, pageOf(req)));
  });

  router.get('/projects/:project_id/api-keys/:key_id', async (req, res) => {
    res.json(await keys.get(req.params.project_id, req.params.key_id));
  });

  router.patch('/projects/:project_id/api-keys/:key_id', async (req, res) => {
    res.json(await keys.update(req.params.project_id, req.params.key_id, req.body, actorOf(req)));
  });

  router.post('/projects/:project_id/api-keys/:key_id/rotate', async (req, res) => {
    const grace = req.body?.grace_period_seconds ?? DEFAULT_GRACE_PERIOD_S;
    res.status(201).json(await keys.rotate(req.params.project_id, req.params.key_id, grace, actorOf(req)));
  });

  router.delete('/projects/:project_id/api-keys/:key_id', async (req, res) => {
    await keys.revoke(req.params.project_id, req.params.key_id, actorOf(req));
    res.status(204).end();
  });

  return router;
}
