import { AppError } from '@herald/errors';
import type { RequestHandler } from 'express';
import type { TokenBuckets } from './token-buckets';

/**
 * Per API key request budget. It runs right after the key is identified, before the scope check
 * and before any body byte is read, so a throttled caller costs almost nothing. The RateLimit-*
 * headers (IETF httpapi draft names) go on every answer to an identified key, 2xx or not.
 */
export function rateLimit(buckets: TokenBuckets): RequestHandler {
  return (req, res, next) => {
    if (!req.auth) {
      next();
      return;
    }
    const decision = buckets.take(req.auth.apiKeyId);
    res.setHeader('RateLimit-Limit', String(decision.limit));
    res.setHeader('RateLimit-Remaining', String(decision.remaining));
    res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.retryAfterSeconds));
      throw new AppError('throttled', `rate limit exceeded for this API key; retry after ${decision.retryAfterSeconds} s`);
    }
    next();
  };
}
