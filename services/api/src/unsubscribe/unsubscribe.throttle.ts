import { Throttled } from '@herald/errors';
import type { RequestHandler } from 'express';
import { clientAddressOf } from '../http/client-address';
import { TokenBuckets } from '../http/token-buckets';

/**
 * Its own budget per client IP (UNSUBSCRIBE_PER_IP_PER_MINUTE), instead of the one for calls
 * without credentials: mailbox providers post every one-click unsubscribe of their users from a
 * few addresses, and a campaign's unsubscribes come in bursts. Taken before the body is read.
 */
export function unsubscribeThrottle(perMinute: number): RequestHandler {
  const buckets = new TokenBuckets(perMinute / 60, perMinute);
  return (req, res, next) => {
    const decision = buckets.take(clientAddressOf(req));
    if (!decision.allowed) {
      throw new Throttled(
        `too many unsubscribe requests from this address; retry after ${decision.retryAfterSeconds} s`,
        decision.retryAfterSeconds,
      );
    }
    next();
  };
}
