import { routes, type RouteTable } from '../http/route-table';
import { pageOf } from '../http/caller';
import { DEFAULT_GRACE_PERIOD_S } from '../api-keys/rotation-policy';
import { actorOf } from '../organizations/control-plane-actor';
import type { ProjectsService } from './projects.service';

/** Control-plane routes for projects; the role gate has checked the caller's role. */
export function projectRoutes(projects: ProjectsService): RouteTable {
  const router = routes();

  router.post('/organizations/:organization_id/projects', async (req, res) => {
    res.status(201).json(await projects.create(req.body, actorOf(req)));
  });

  router.get('/organizations/:organization_id/projects', async (req, res) => {
    res.json(await projects.list(actorOf(req), pageOf(req)));
  });

  router.get('/projects/:project_id', async (req, res) => {
    res.json(await projects.get(req.params.project_id));
  });

  router.patch('/projects/:project_id', async (req, res) => {
    res.json(await projects.update(req.params.project_id, req.body, actorOf(req)));
  });

  router.delete('/projects/:project_id', async (req, res) => {
    await projects.delete(req.params.project_id, actorOf(req));
    res.status(204).end();
  });

  router.post('/projects/:project_id/signing-secret/rotate', async (req, res) => {
    const grace = req.body?.grace_period_seconds ?? DEFAULT_GRACE_PERIOD_S;
    res.json(await projects.rotateSigningSecret(req.params.project_id, grace, actorOf(req)));
  });

  return router;
}
