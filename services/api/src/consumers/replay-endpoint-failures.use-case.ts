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
 * consumer's endpoint is a 404 like every other operation.
 */
export async function replayEndpointFailures(
  deps: { endpoints: EndpointsService; deadLetters: DeadLettersService },
  caller: Caller,
  uid: string,
  id: string,
  input: ReplayInput,
): Promise<{ requeued: number; limit_reached: boolean }> {
  const endpoint = await deps.endpoints.get(caller.projectId, uid, id);
  return deps.deadLetters.retryMatching(caller, { endpoint_id: endpoint.id, created_from: input.since, limit: input.limit });
}
