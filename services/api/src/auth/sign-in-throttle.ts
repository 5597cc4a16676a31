import { AppError } from '@herald/errors';
import type { RequestHandler } from 'express';
import { TokenBuckets } from '../http/token-buckets';

const HOUR_S = 3600;

/**
 * Magic-link requests, per address and per client IP: a token bucket each, held in this api
 * process (like the per-key rate limit), of MAGIC_LINK_PER_ADDRESS_PER_HOUR and
 * MAGIC_LINK_PER_IP_PER_HOUR requests that refill over an hour. Per address, so nobody can
 * flood one mailbox; per IP, so one client cannot mail a list of addresses. The client IP is
 * the TCP peer (Express's `req.ip` without `trust proxy`).
 */
export class SignInThrottle {
  private readonly byAddress: TokenBuckets;
  private readonly byIp: TokenBuckets;

  constructor(perAddressPerHour: number, perIpPerHour: number) {
    this.byAddress = new TokenBuckets(perAddressPerHour / HOUR_S, perAddressPerHour);
    this.byIp = new TokenBuckets(perIpPerHour / HOUR_S, perIpPerHour);
  }

  /** Seconds to wait, or 0 when the request may go ahead (it then takes one token from each bucket). */
  take(ip: string, address: string): number {
    const ipDecision = this.byIp.take(ip);
    if (!ipDecision.allowed) return ipDecision.retryAfterSeconds;
    const addressDecision = this.byAddress.take(address.trim().toLowerCase());
    return addressDecision.allowed ? 0 : addressDecision.retryAfterSeconds;
  }

  /** Runs after validation (so `email` is a valid address), before the link is made. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const wait = this.take(req.ip ?? req.socket.remoteAddress ?? 'unknown', String((req.body as { email: string }).email));
      if (wait > 0) {
        res.setHeader('Retry-After', String(wait));
        throw new AppError('throttled', `too many sign-in requests; retry after ${wait} s`);
      }
      next();
    };
  }
}
