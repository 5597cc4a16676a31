import { routes, type RouteTable } from '../http/route-table';
import { adminActorOf } from '../audit/admin-action.audit';
import { pageOf } from '../http/caller';
import type { SystemTemplatesService } from './system-templates.service';

/** /admin/system-templates/*: the admin gate has checked system_templates:read or :write. */
export function systemTemplateRoutes(templates: SystemTemplatesService): RouteTable {
  const router = routes();
  router.get('/admin/system-templates', async (req, res) => {
    res.json(await templates.list(pageOf(req)));
  });
  router.get('/admin/system-templates/:name', async (req, res) => {
    res.json(await templates.get(req.params.name));
  });
  router.put('/admin/system-templates/:name', async (req, res) => {
    res.json(await templates.replace(adminActorOf(req), req.params.name, req.body));
  });
  router.delete('/admin/system-templates/:name', async (req, res) => {
    res.json(await templates.restore(adminActorOf(req), req.params.name));
  });
  router.post('/admin/system-templates/:name/preview', async (req, res) => {
    res.json(await templates.preview(req.params.name, req.body ?? {}));
  });
  return router;
}
