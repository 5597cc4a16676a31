import { callerOf, pageOf } from '../http/caller';
import { routes, type RouteTable } from '../http/route-table';
import type { CategoriesService } from './categories.service';
import type { CategoryRepository } from './category.repository';

export function categoryRoutes({ repo, categories }: { repo: CategoryRepository; categories: CategoriesService }): RouteTable {
  const router = routes();

  router.get('/categories', async (req, res) => {
    res.json(await repo.list(callerOf(req).projectId, pageOf(req)));
  });

  router.post('/categories', async (req, res) => {
    res.status(201).json(await categories.create(callerOf(req).projectId, req.body));
  });

  router.patch('/categories/:name', async (req, res) => {
    res.json(await categories.update(callerOf(req).projectId, req.params.name, req.body));
  });

  router.delete('/categories/:name', async (req, res) => {
    await categories.delete(callerOf(req).projectId, req.params.name);
    res.status(204).end();
  });

  return router;
}
