import { routes, type RouteTable } from '../http/route-table';
import { callerOf, pageOf } from '../http/caller';
import type { ConsumerRepository } from './consumer.repository';
import type { ConsumersService } from './consumers.service';

export function consumerRoutes({ repo, consumers }: { repo: ConsumerRepository; consumers: ConsumersService }): RouteTable {
  const router = routes();

  router.get('/consumers', async (req, res) => {
    res.json(await repo.list(callerOf(req).projectId, pageOf(req)));
  });

  router.post('/consumers', async (req, res) => {
    res.status(201).json(await consumers.create(callerOf(req).projectId, req.body));
  });

  router.get('/consumers/:uid', async (req, res) => {
    const consumer = await consumers.get(callerOf(req).projectId, req.params.uid);
    // metadata is the project's own notes about its customer, not the customer's to read.
    res.json(req.portal ? { ...consumer, metadata: {} } : consumer);
  });

  router.patch('/consumers/:uid', async (req, res) => {
    res.json(await consumers.update(callerOf(req).projectId, req.params.uid, req.body));
  });

  router.delete('/consumers/:uid', async (req, res) => {
    await consumers.remove(callerOf(req).projectId, req.params.uid);
    res.status(204).end();
  });

  return router;
}
