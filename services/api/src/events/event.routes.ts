import { routes, type RouteTable } from '../http/route-table';
import type { EventRepository } from './event.repository';
import { AppError } from '@herald/errors';
import { createBatch } from './create-batch.use-case';
import { createEvent, type EventIntake } from './create-event.use-case';
import { callerOf, pageOf, stringQuery } from '../http/caller';

export function eventRoutes(intake: EventIntake, events: EventRepository): RouteTable {
  const router = routes();

  router.post('/events', async (req, res) => {
    const { created, event } = await createEvent(intake, callerOf(req), req.body);
    res.status(created ? 202 : 200).json(event);
  });

  router.post('/events/batch', async (req, res) => {
    res.status(202).json(await createBatch(intake, callerOf(req), req.body.events));
  });

  router.get('/events', async (req, res) => {
    const filters = {
      status: stringQuery(req, 'status'),
      priority: stringQuery(req, 'priority'),
      event_type: stringQuery(req, 'event_type'),
      date_from: stringQuery(req, 'date_from'),
      date_to: stringQuery(req, 'date_to'),
    };
    res.json(await events.list(callerOf(req).projectId, filters, pageOf(req)));
  });

  router.get('/events/:id', async (req, res) => {
    const event = await events.findDetail(callerOf(req).projectId, req.params.id);
    if (!event) throw new AppError('not_found', `event ${req.params.id} not found`);
    res.json(event);
  });

  return router;
}
