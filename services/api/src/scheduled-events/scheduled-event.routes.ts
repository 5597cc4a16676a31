import { routes, type RouteTable } from '../http/route-table';
import type { ScheduledEventRepository } from './scheduled-event.repository';
import type { ScheduledEventsService } from './scheduled-events.service';
import { callerOf, pageOf, stringQuery } from '../http/caller';

export function scheduledEventRoutes({
  repo,
  scheduled,
}: {
  repo: ScheduledEventRepository;
  scheduled: ScheduledEventsService;
}): RouteTable {
  const router = routes();

  router.post('/scheduled-events', async (req, res) => {
    res.status(201).json(await scheduled.schedule(callerOf(req), req.body));
  });

  router.get('/scheduled-events', async (req, res) => {
    res.json(await repo.list(callerOf(req).projectId, stringQuery(req, 'status'), pageOf(req)));
  });

  router.get('/scheduled-events/:id', async (req, res) => {
    res.json(await scheduled.get(callerOf(req).projectId, req.params.id));
  });

  router.delete('/scheduled-events/:id', async (req, res) => {
    await scheduled.cancel(callerOf(req).projectId, req.params.id);
    res.status(204).end();
  });

  return router;
}
