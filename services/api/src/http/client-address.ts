import { isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * Express's `trust proxy` for TRUST_PROXY_CIDRS: off when empty, so `req.ip` is the TCP peer and
 * a forged X-Forwarded-For changes nothing. With a list, Express (proxy-addr) walks
 * X-Forwarded-For from the right, skipping the peer and hops inside the list, and the first
 * address outside it is the client; entries left of it, which the client wrote, are never read.
 */
export function trustProxySetting(trustedCidrs: string[]): string[] | false {
  return trustedCidrs.length > 0 ? trustedCidrs : false;
}

/** The first four groups of an IPv6 address, expanded (`2001:db8::1` -> `2001:db8:0:0`). */
function slash64(address: string): string {
  const [head, tail = ''] = address.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':');
}

/**
 * The key a client's per-IP budgets are kept under: the IPv4 address (also when it reaches an
 * IPv6 socket as `::ffff:a.b.c.d`), or the /64 of an IPv6 address, since one host is handed a
 * whole /64 and could otherwise take a fresh budget per address.
 */
export function clientAddressOf(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  return isIPv6(ip) ? `${slash64(ip)}::/64` : ip;
}
