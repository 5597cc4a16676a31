import { Throttled } from '@herald/errors';
import type { RequestHandler } from 'express';
import { clientAddressOf } from '../http/client-address';
import { TokenBuckets } from '../http/token-buckets';

/**
 * Code exchanges per client IP (PORTAL_CODE_EXCHANGES_PER_IP_PER_MINUTE), held in this api
 * process as the sign-in throttle is: codes carry 256 bits, so this bounds the cost of a flood
 * (each exchange is a database write), not the odds of a guess.
 */
export function exchangeThrottle(perMinute: number): RequestHandler {
  const buckets = new TokenBuckets(perMinute / 60, perMinute);
  return (req, _res, next) => {
    const decision = buckets.take(clientAddressOf(req));
    if (!decision.allowed)
      throw new Throttled(`too many portal code exchanges; retry after ${decision.retryAfterSeconds} s`, decision.retryAfterSeconds);
    next();
  };
}
