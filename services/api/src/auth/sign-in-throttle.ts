import { Throttled } from '@herald/errors';
import type { RequestHandler } from 'express';
import { clientAddressOf } from '../http/client-address';
import { takeAll, TokenBuckets } from '../http/token-buckets';

const HOUR_S = 3600;

export interface SignInLimits {
  /** MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR: one client asking for one address. */
  perAddressAndIpPerHour: number;
  /** MAGIC_LINK_PER_ADDRESS_PER_HOUR: every client together, for one address (well above the one above). */
  perAddressPerHour: number;
  /** MAGIC_LINK_PER_IP_PER_HOUR: one client, every address together. */
  perIpPerHour: number;
}

const hourly = (n: number) => new TokenBuckets(n / HOUR_S, n);

/**
 * Magic-link requests, as token buckets held in this api process (like the per-key rate limit)
 * that refill over an hour. Per (address, client), tightly, so one client cannot flood a
 * mailbox; per address, loosely, so a few clients together cannot either, yet no single client
 * reaches that limit and locks the address's owner out; per client, so one client cannot mail a
 * list of addresses. A request takes a token from every bucket or, when any is empty, from none:
 * refused requests count nowhere. The client is `req.ip`: the TCP peer, or what
 * X-Forwarded-For says behind TRUST_PROXY_CIDRS.
 */
export class SignInThrottle {
  private readonly byAddressAndIp: TokenBuckets;
  private readonly byAddress: TokenBuckets;
  private readonly byIp: TokenBuckets;

  constructor(limits: SignInLimits) {
    this.byAddressAndIp = hourly(limits.perAddressAndIpPerHour);
    this.byAddress = hourly(limits.perAddressPerHour);
    this.byIp = hourly(limits.perIpPerHour);
  }

  /** Seconds to wait, or 0 when the request may go ahead (it then takes one token from each bucket). */
  take(client: string, address: string): number {
    const normalized = address.trim().toLowerCase();
    const decision = takeAll([
      { buckets: this.byAddressAndIp, key: `${normalized} ${client}` },
      { buckets: this.byAddress, key: normalized },
      { buckets: this.byIp, key: client },
    ]);
    return decision.allowed ? 0 : decision.retryAfterSeconds;
  }

  /** Runs after validation (so `email` is a valid address), before the link is made. */
  middleware(): RequestHandler {
    return (req, _res, next) => {
      const wait = this.take(clientAddressOf(req), String((req.body as { email: string }).email));
      if (wait > 0) throw new Throttled(`too many sign-in requests; retry after ${wait} s`, wait);
      next();
    };
  }
}
