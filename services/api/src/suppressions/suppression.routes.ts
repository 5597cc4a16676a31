import { routes, type RouteTable } from '../http/route-table';
import type { SuppressionRepository } from './suppression.repository';
import type { SuppressionsService } from './suppressions.service';
import { callerOf, pageOf, stringQuery } from '../http/caller';

export function suppressionRoutes({ repo, suppressions }: { repo: SuppressionRepository; suppressions: SuppressionsService }): RouteTable {
  const router = routes();

  router.get('/suppressions', async (req, res) => {
    res.json(
      await repo.list(
        callerOf(req).projectId,
        { channel: stringQuery(req, 'channel'), category: stringQuery(req, 'category') },
        pageOf(req),
      ),
    );
  });

  router.post('/suppressions', async (req, res) => {
    const { row, created } = await suppressions.add(callerOf(req).projectId, req.body);
    res.status(created ? 201 : 200).json(row);
  });

  router.delete('/suppressions/:id', async (req, res) => {
    await suppressions.remove(callerOf(req).projectId, req.params.id);
    res.status(204).end();
  });

  return router;
}
