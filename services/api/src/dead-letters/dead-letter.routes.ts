import { routes, type RouteTable } from '../http/route-table';
import type { DeadLetterRepository } from './dead-letter.repository';
import { AppError } from '@herald/errors';
import type { DeadLettersService } from './dead-letters.service';
import { callerOf, pageOf, stringQuery } from '../http/caller';

export function deadLetterRoutes({ repo, deadLetters }: { repo: DeadLetterRepository; deadLetters: DeadLettersService }): RouteTable {
  const router = routes();

  router.get('/dead-letter', async (req, res) => {
    const filters = {
      status: stringQuery(req, 'status'),
      channel: stringQuery(req, 'channel'),
      error_type: stringQuery(req, 'error_type'),
      created_from: stringQuery(req, 'created_from'),
      created_to: stringQuery(req, 'created_to'),
    };
    res.json(await repo.list(callerOf(req).projectId, filters, pageOf(req)));
  });

  router.post('/dead-letter/retry', async (req, res) => {
    res.json(await deadLetters.retryMatching(callerOf(req), req.body ?? {}));
  });

  router.get('/dead-letter/:id', async (req, res) => {
    const record = await repo.find(callerOf(req).projectId, req.params.id);
    if (!record) throw new AppError('not_found', `dead-letter message ${req.params.id} not found`);
    res.json(record);
  });

  router.post('/dead-letter/:id/retry', async (req, res) => {
    res.json(await deadLetters.retry(callerOf(req), req.params.id));
  });

  router.post('/dead-letter/:id/discard', async (req, res) => {
    res.json(await deadLetters.discard(callerOf(req).projectId, req.params.id));
  });

  return router;
}
