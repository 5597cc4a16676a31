import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AddressPolicy } from './address-policy';

export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
  constructor(
    message: string,
    /** unresolvable: DNS gave nothing; blocked: a private or internal address; timeout: no answer in time. */
    readonly reason: 'unresolvable' | 'blocked' | 'timeout',
  ) {
    super(message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name maps to; empty (or a rejection) when it has none. */
export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver (getaddrinfo on a libuv thread, /etc/hosts included). */
export const systemLookup: HostLookup = async (host) => (await lookup(host, { all: true, verbatim: true })) as ResolvedAddress[];

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Resolves a host and checks every address it maps to. Any refused address refuses the host:
 * a name that mixes public and private answers is how DNS-rebinding attacks start.
 */
export async function resolveAllowedAddresses(
  hostname: string,
  policy: AddressPolicy,
  resolve: HostLookup = systemLookup,
): Promise<ResolvedAddress[]> {
  const host = stripBrackets(hostname);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal as 4 | 6 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (err) {
      if (err instanceof TargetRefusedError) throw err;
      addresses = [];
    }
    if (addresses.length === 0) throw new TargetRefusedError(`host ${host} does not resolve`, 'unresolvable');
  }
  for (const { address } of addresses) {
    const refusal = policy.refusal(address);
    if (refusal) throw new TargetRefusedError(`host ${host} resolves to a private or internal address (${refusal})`, 'blocked');
  }
  return addresses;
}
