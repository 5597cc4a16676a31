import ipaddr from 'ipaddr.js';

type Addr = ipaddr.IPv4 | ipaddr.IPv6;

function normalise(addr: Addr): Addr {
  // ::ffff:10.0.0.1 must be judged as 10.0.0.1, or the IPv6 form walks around the block.
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
}

/**
 * Decides which IP addresses Herald may connect to on a customer's behalf: only publicly routable
 * unicast ones (ipaddr.js range "unicast"), so loopback, private, link-local (cloud metadata),
 * CGNAT, unique-local, multicast, reserved and the v4-embedding IPv6 ranges are refused, unless
 * an operator exempts a CIDR with SSRF_ALLOW_CIDRS.
 */
export class AddressPolicy {
  private readonly allowed: Array<[Addr, number]>;

  constructor(allowCidrs: string[] = []) {
    this.allowed = allowCidrs.map((cidr) => {
      const [addr, bits] = ipaddr.parseCIDR(cidr);
      return [normalise(addr), addr.kind() === 'ipv6' && normalise(addr).kind() === 'ipv4' ? bits - 96 : bits];
    });
  }

  /** Returns null when the address may be used, or the reason it may not. */
  refusal(ip: string): string | null {
    if (!ipaddr.isValid(ip)) return `${ip} is not an IP address`;
    const addr = normalise(ipaddr.parse(ip));
    if (this.allowed.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits))) return null;
    const range = addr.range();
    return range === 'unicast' ? null : `${ip} is a ${range} address`;
  }
}
