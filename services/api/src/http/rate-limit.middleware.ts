import { Throttled } from '@herald/errors';
import type { Request, RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import './express-augment';
import { requesterOf } from './requester';
import type { TokenBuckets } from './token-buckets';

/** The token buckets of each kind of caller, each undefined when its limit is off. */
export interface RequestBudgets {
  /** Per API key (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST). */
  perKey?: TokenBuckets;
  /** Per signed-in user, system account on /admin, or consumer portal session (USER_RATE_LIMIT_PER_MINUTE). */
  perUser?: TokenBuckets;
  /** Per client IP, for calls that carry no credential (CLIENT_IP_RATE_LIMIT_PER_MINUTE). */
  perClientIp?: TokenBuckets;
}

interface Spend {
  buckets: TokenBuckets | undefined;
  key: string;
  who: string;
}

/** Health probes, the document and SNS's signed feedback posts come from few addresses by design. */
function unthrottled(req: Request): boolean {
  return ((req as OpenApiRequest).openapi?.schema as Record<string, unknown> | undefined)?.['x-unthrottled'] === true;
}

/** The gates have run: a request without a credential here is on an operation that takes none. */
function spendOf(req: Request, budgets: RequestBudgets): Spend | undefined {
  const requester = requesterOf(req);
  if (requester.kind === 'client-address' && unthrottled(req)) return undefined;
  const buckets =
    requester.kind === 'api-key' ? budgets.perKey : requester.kind === 'client-address' ? budgets.perClientIp : budgets.perUser;
  return { buckets, key: requester.key, who: requester.who };
}

/**
 * One request budget per caller: the API key, the user (or system account) of a bearer, or the
 * client IP of a call without credentials. It runs once the caller is identified, before the
 * scope check and before any body byte is read, so a throttled caller costs almost nothing. The
 * RateLimit-* headers (IETF httpapi draft names) go on every answer to a counted caller.
 */
export function rateLimit(budgets: RequestBudgets): RequestHandler {
  return (req, res, next) => {
    const spend = spendOf(req, budgets);
    if (!spend?.buckets) {
      next();
      return;
    }
    const { buckets, key } = spend;
    const decision = buckets.take(key);
    res.setHeader('RateLimit-Limit', String(decision.limit));
    res.setHeader('RateLimit-Remaining', String(decision.remaining));
    res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      throw new Throttled(`rate limit exceeded for ${spend.who}; retry after ${decision.retryAfterSeconds} s`, decision.retryAfterSeconds);
    }
    // Refused further on by a narrower throttle (sign-in links, invitations): that request does
    // not count here either. API keys meet no such throttle, so their path stays as short as it was.
    if (buckets !== budgets.perKey) {
      res.once('finish', () => {
        if (res.statusCode === 429) buckets.refund(key);
      });
    }
    next();
  };
}
