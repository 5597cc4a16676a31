import { routes, type RouteTable } from '../http/route-table';
import { pageOf } from '../http/caller';
import { adminActorOf } from '../audit/admin-action.audit';
import { adminPermissionsOf } from './admin-gate';
import type { SystemAccountsService } from './system-accounts.service';

/** /admin/system-accounts/*: the admin gate has checked system_accounts:read or :write. */
export function systemAccountRoutes(accounts: SystemAccountsService): RouteTable {
  const router = routes();
  router.get('/admin/system-accounts', async (req, res) => {
    res.json(await accounts.list(pageOf(req)));
  });
  router.post('/admin/system-accounts', async (req, res) => {
    res.status(201).json(await accounts.create(adminActorOf(req), adminPermissionsOf(req), req.body));
  });
  router.get('/admin/system-accounts/:id', async (req, res) => {
    res.json(await accounts.get(req.params.id));
  });
  router.patch('/admin/system-accounts/:id', async (req, res) => {
    res.json(await accounts.update(adminActorOf(req), adminPermissionsOf(req), req.params.id, req.body));
  });
  router.delete('/admin/system-accounts/:id', async (req, res) => {
    await accounts.delete(adminActorOf(req), adminPermissionsOf(req), req.params.id);
    res.status(204).end();
  });
  router.post('/admin/system-accounts/:id/credentials', async (req, res) => {
    res.status(201).json(await accounts.createCredential(adminActorOf(req), adminPermissionsOf(req), req.params.id, req.body ?? {}));
  });
  router.get('/admin/system-accounts/:id/credentials', async (req, res) => {
    res.json(await accounts.credentials(req.params.id, pageOf(req)));
  });
  router.delete('/admin/system-accounts/:id/credentials/:credential_id', async (req, res) => {
    await accounts.deleteCredential(adminActorOf(req), adminPermissionsOf(req), req.params.id, req.params.credential_id);
    res.status(204).end();
  });
  return router;
}
