import { nextRetryDelay, type RetryPolicyLike } from '@herald/messaging';
import type { DeliveryOutcome } from './delivery-provider.port';

export type DeadLetterType = 'permanent_failure' | 'retries_exhausted';

export type DeliveryDecision =
  | { kind: 'delivered' }
  | { kind: 'retry'; delayMs: number; reason: string }
  | { kind: 'dead-letter'; errorType: DeadLetterType; reason: string };

/**
 * What to do after attempt `attempt` (1-based) of at most `maxAttempts`. Backoff grows with the
 * retries already made; a provider's Retry-After is the floor of the next delay.
 */
export function decideNextStep(
  outcome: DeliveryOutcome,
  attempt: number,
  maxAttempts: number,
  policy: RetryPolicyLike,
  random: () => number = Math.random,
): DeliveryDecision {
  if (outcome.kind === 'delivered') return { kind: 'delivered' };
  if (outcome.kind === 'permanent') return { kind: 'dead-letter', errorType: 'permanent_failure', reason: outcome.error };
  if (attempt >= maxAttempts) {
    const tries = attempt === 1 ? '1 attempt' : `${attempt} attempts`;
    return { kind: 'dead-letter', errorType: 'retries_exhausted', reason: `gave up after ${tries}: ${outcome.error}` };
  }
  return { kind: 'retry', delayMs: nextRetryDelay(policy, attempt - 1, outcome.retryAfterMs, random), reason: outcome.error };
}

/** retry_count counts scheduled retries: a retry just scheduled counts, a finished attempt adds none. */
export function retryCountAfter(decision: DeliveryDecision, attempt: number): number {
  return decision.kind === 'retry' ? attempt : attempt - 1;
}
