import { AppError } from '@herald/errors';
import type { Caller } from '@herald/intake';
import type { DeadLettersService } from '../dead-letters/dead-letters.service';
import type { EndpointsService } from './endpoints.service';

export interface ReplayInput {
  since: string;
  limit?: number;
}

/**
 * An endpoint's failures since a time are its active dead letters created since then: replayed
 * by the dead-letter store's own bulk replay (pages, SKIP LOCKED, a fresh attempt budget),
 * narrowed to the endpoint. The endpoint is looked up first, so another project's or another
 * consumer's endpoint is a 404 like every other operation. A disabled endpoint is a 409, as for a
 * test event: its deliveries would only fail again without being sent.
 */
export async function replayEndpointFailures(
  deps: { endpoints: EndpointsService; deadLetters: DeadLettersService },
  caller: Caller,
  uid: string,
  id: string,
  input: ReplayInput,
): Promise<{ requeued: number; limit_reached: boolean }> {
  const endpoint = await deps.endpoints.get(caller.projectId, uid, id);
  if (!endpoint.enabled) throw new AppError('conflict', `endpoint ${id} is disabled (${endpoint.disabled_reason}); enable it first`);
  return deps.deadLetters.retryMatching(caller, { endpoint_id: endpoint.id, created_from: input.since, limit: input.limit });
}
