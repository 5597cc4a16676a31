import { routes, type RouteTable } from '../http/route-table';
import { callerOf, pageOf, stringQuery } from '../http/caller';
import type { EventTypeRepository } from './event-type.repository';
import type { EventTypesService } from './event-types.service';

export function eventTypeRoutes({ repo, eventTypes }: { repo: EventTypeRepository; eventTypes: EventTypesService }): RouteTable {
  const router = routes();

  router.get('/event-types', async (req, res) => {
    res.json(await repo.list(callerOf(req).projectId, stringQuery(req, 'prefix'), pageOf(req)));
  });

  router.post('/event-types', async (req, res) => {
    res.status(201).json(await eventTypes.create(callerOf(req).projectId, req.body));
  });

  router.get('/event-types/:name', async (req, res) => {
    res.json(await eventTypes.get(callerOf(req).projectId, req.params.name));
  });

  router.patch('/event-types/:name', async (req, res) => {
    res.json(await eventTypes.update(callerOf(req).projectId, req.params.name, req.body));
  });

  router.delete('/event-types/:name', async (req, res) => {
    await eventTypes.remove(callerOf(req).projectId, req.params.name);
    res.status(204).end();
  });

  return router;
}
