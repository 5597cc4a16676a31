export interface RetryPolicyLike {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * The delay queues of one channel: base, 2*base, 4*base ... capped at max. A retry waits in the
 * smallest queue whose ceiling is at least its own (per-message) delay, so a message can be held
 * back at most by the longer-lived messages ahead of it in the same power-of-two band.
 */
export function retryLadder(policy: RetryPolicyLike): number[] {
  const ladder: number[] = [];
  for (let d = policy.baseDelayMs; d < policy.maxDelayMs; d *= 2) ladder.push(d);
  ladder.push(policy.maxDelayMs);
  return ladder;
}

/**
 * Exponential backoff with full jitter: uniform in [0, min(max, base * 2^retriesSoFar)].
 * A server's Retry-After is a floor, never shortened by jitter, still capped at the max delay.
 */
export function nextRetryDelay(
  policy: RetryPolicyLike,
  retriesSoFar: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(retriesSoFar, 40));
  const jittered = Math.floor(random() * ceiling);
  const floor = retryAfterMs !== undefined ? Math.min(retryAfterMs, policy.maxDelayMs) : 0;
  return Math.max(jittered, floor);
}

export function ladderBucket(ladder: number[], delayMs: number): number {
  return ladder.find((d) => d >= delayMs) ?? ladder[ladder.length - 1];
}
