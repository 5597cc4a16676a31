import { routes, type RouteTable } from '../http/route-table';
import { pageOf, stringQuery } from '../http/caller';
import { adminActorOf } from '../audit/admin-action.audit';
import { adminPermissionsOf } from './admin-gate';
import type { AdministratorsService } from './administrators.service';
import type { PlatformApiKeysService } from './platform-api-keys.service';
import type { PlatformHealthCheck } from '../health/platform-health';

export interface AdminRouteDeps {
  administrators: AdministratorsService;
  apiKeys: PlatformApiKeysService;
  health: PlatformHealthCheck;
}

/** /admin/*: the admin gate has checked the operation's x-required-permission. */
export function adminRoutes(deps: AdminRouteDeps): RouteTable {
  const router = routes();
  const { administrators, apiKeys } = deps;

  router.get('/admin/health', async (_req, res) => {
    res.json(await deps.health.check());
  });

  router.get('/admin/administrators', async (req, res) => {
    res.json(await administrators.list(pageOf(req)));
  });
  router.post('/admin/administrators', async (req, res) => {
    res.status(201).json(await administrators.create(adminActorOf(req), adminPermissionsOf(req), req.body));
  });
  router.get('/admin/administrators/:id', async (req, res) => {
    res.json(await administrators.get(req.params.id));
  });
  router.patch('/admin/administrators/:id', async (req, res) => {
    res.json(await administrators.update(adminActorOf(req), adminPermissionsOf(req), req.params.id, req.body));
  });
  router.delete('/admin/administrators/:id', async (req, res) => {
    await administrators.delete(adminActorOf(req), adminPermissionsOf(req), req.params.id);
    res.status(204).end();
  });

  router.get('/admin/api-keys', async (req, res) => {
    const filter = {
      organization_id: stringQuery(req, 'organization_id'),
      project_id: stringQuery(req, 'project_id'),
      prefix: stringQuery(req, 'prefix'),
      status: stringQuery(req, 'status'),
    };
    res.json(await apiKeys.list(filter, pageOf(req)));
  });
  router.post('/admin/api-keys/lookup', async (req, res) => {
    res.json(await apiKeys.lookup(req.body.key));
  });
  router.get('/admin/api-keys/:id', async (req, res) => {
    res.json(await apiKeys.get(req.params.id));
  });
  router.post('/admin/api-keys/:id/revoke', async (req, res) => {
    res.json(await apiKeys.revoke(adminActorOf(req), req.params.id));
  });

  return router;
}
