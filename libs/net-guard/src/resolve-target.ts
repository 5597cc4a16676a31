import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AddressPolicy } from './address-policy';

export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
  constructor(
    message: string,
    /** unresolvable: DNS gave nothing; blocked: a private or internal address. */
    readonly reason: 'unresolvable' | 'blocked',
  ) {
    super(message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Resolves a host and checks every address it maps to. Any refused address refuses the host:
 * a name that mixes public and private answers is how DNS-rebinding attacks start.
 */
export async function resolveAllowedAddresses(hostname: string, policy: AddressPolicy): Promise<ResolvedAddress[]> {
  const host = stripBrackets(hostname);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })) as ResolvedAddress[];
    } catch {
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
