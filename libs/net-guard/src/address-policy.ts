import ipaddr from 'ipaddr.js';

type Addr = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * ipaddr.js reads an IPv6 address with a dotted suffix (`::127.0.0.1`, as glibc prints
 * IPv4-compatible answers) as IPv4-mapped (`::ffff:127.0.0.1`), which would let the IPv4
 * allow-list cover it. The suffix is rewritten to two hex groups first, so the address parsed
 * is the address written.
 */
function parseIp(ip: string): Addr {
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!dotted || !ipaddr.IPv4.isValidFourPartDecimal(dotted.slice(2).join('.'))) return ipaddr.parse(ip);
  const [a, b, c, d] = dotted.slice(2).map(Number);
  return ipaddr.parse(`${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`);
}

const isZeroPrefix = (parts: number[], words: number) => parts.slice(0, words).every((w) => w === 0);
const embeddedV4 = (parts: number[]) =>
  ipaddr.fromByteArray([parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff]) as ipaddr.IPv4;

/** `::ffff:a.b.c.d` is how dual-stack sockets show an IPv4 peer: the kernel dials the IPv4 address itself. */
function unmapped(addr: Addr): Addr {
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
}

/**
 * Decides which IP addresses Herald may connect to on a customer's behalf: only publicly routable
 * unicast ones (ipaddr.js range "unicast"), so loopback, private, link-local (cloud metadata),
 * CGNAT, unique-local, multicast and reserved ranges are refused, unless an operator exempts a
 * CIDR with SSRF_ALLOW_CIDRS.
 *
 * IPv6 forms that carry an IPv4 address (docs/security.md, "Outbound addresses"):
 * - IPv4-mapped `::ffff:0:0/96` is judged as its IPv4 address; an IPv4 entry of the allow-list
 *   covers it, since it is exactly that address.
 * - NAT64 `64:ff9b::/96` is judged by its IPv4 address with no exemption: public passes (DNS64 on
 *   IPv6-only clusters synthesises these for IPv4-only hosts), internal is refused even when an
 *   IPv4 CIDR is allowed, because a translator, not this host, decides where it leads.
 * - IPv4-compatible `::/96` (deprecated by RFC 4291), 6to4 `2002::/16`, Teredo `2001::/32`,
 *   local-use NAT64 `64:ff9b:1::/48` and IPv4-translated `::ffff:0:0:0/96` are refused: no
 *   webhook needs them, and the IPv4 inside is not where the packet is judged to go.
 * An IPv6 CIDR in the allow-list is matched as written, so an operator can still open any of them.
 */
export class AddressPolicy {
  private readonly allowed: Array<[Addr, number]>;

  constructor(allowCidrs: string[] = []) {
    this.allowed = allowCidrs.map((cidr) => {
      const [, bits] = ipaddr.parseCIDR(cidr); // throws on a malformed entry, so the process does not start
      const addr = parseIp(cidr.slice(0, cidr.lastIndexOf('/')));
      const v4 = unmapped(addr);
      return [v4, addr.kind() === 'ipv6' && v4.kind() === 'ipv4' ? Math.max(bits - 96, 0) : bits];
    });
  }

  /** Returns null when the address may be used, or the reason it may not. */
  refusal(ip: string): string | null {
    if (!ipaddr.isValid(ip)) return `${ip} is not an IP address`;
    const addr = unmapped(parseIp(ip));
    if (this.allowed.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits))) return null;
    if (addr.kind() === 'ipv4') return this.byRange(ip, addr);
    const parts = (addr as ipaddr.IPv6).parts;
    const unspecifiedOrLoopback = isZeroPrefix(parts, 7) && parts[7] <= 1;
    if (isZeroPrefix(parts, 6) && !unspecifiedOrLoopback) return `${ip} is an IPv4-compatible address`;
    if (parts[0] === 0x64 && parts[1] === 0xff9b && isZeroPrefix(parts.slice(2), 4)) {
      const inner = embeddedV4(parts);
      return inner.range() === 'unicast' ? null : `${ip} is a NAT64 address of a ${inner.range()} address`;
    }
    return this.byRange(ip, addr);
  }

  private byRange(ip: string, addr: Addr): string | null {
    const range = addr.range();
    return range === 'unicast' ? null : `${ip} is a ${range} address`;
  }
}
