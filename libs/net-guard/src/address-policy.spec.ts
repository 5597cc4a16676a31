import { AddressPolicy } from './address-policy';

describe('AddressPolicy', () => {
  const strict = new AddressPolicy();

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('when %s is public, then it is allowed', (ip) => {
    expect(strict.refusal(ip)).toBeNull();
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '2002:7f00:1::',
    '64:ff9b::a00:1',
    '::7f00:1',
    '::127.0.0.1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    '::2',
    '64:ff9b::7f00:1',
    '64:ff9b:1::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::ffff:0:7f00:1',
  ])('when %s is private or internal, then it is refused', (ip) => {
    expect(strict.refusal(ip)).not.toBeNull();
  });

  it('when a CIDR is exempted, then addresses inside it pass, also in IPv4-mapped form', () => {
    const loopbackAllowed = new AddressPolicy(['127.0.0.0/8']);
    expect(loopbackAllowed.refusal('127.0.0.1')).toBeNull();
    expect(loopbackAllowed.refusal('::ffff:127.0.0.1')).toBeNull();
    expect(loopbackAllowed.refusal('10.0.0.1')).not.toBeNull();
  });

  it('when an IPv4-compatible address (::/96) comes in either notation, then it is refused as such', () => {
    expect(strict.refusal('::7f00:1')).toBe('::7f00:1 is an IPv4-compatible address');
    expect(strict.refusal('::127.0.0.1')).toBe('::127.0.0.1 is an IPv4-compatible address');
  });

  it('when only 127.0.0.0/8 is exempted, then IPv6 forms other than the exact IPv4-mapped one stay refused', () => {
    const loopbackAllowed = new AddressPolicy(['127.0.0.0/8']);
    for (const ip of ['::7f00:1', '::127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::1', '::ffff:0:7f00:1']) {
      expect(loopbackAllowed.refusal(ip)).not.toBeNull();
    }
    expect(loopbackAllowed.refusal('::ffff:7f00:1')).toBeNull();
  });

  it('when a NAT64 address (64:ff9b::/96) embeds a public IPv4 address, then it is allowed (DNS64 on IPv6-only networks)', () => {
    expect(strict.refusal('64:ff9b::808:808')).toBeNull();
    expect(strict.refusal('64:ff9b::8.8.8.8')).toBeNull();
    expect(strict.refusal('64:ff9b::a9fe:a9fe')).toBe('64:ff9b::a9fe:a9fe is a NAT64 address of a linkLocal address');
  });

  it('when an IPv6 CIDR is exempted, then it is matched as written, dotted notation included', () => {
    expect(new AddressPolicy(['::7f00:0/104']).refusal('::7f00:1')).toBeNull();
    expect(new AddressPolicy(['::127.0.0.0/104']).refusal('::127.0.0.1')).toBeNull();
    expect(new AddressPolicy(['::127.0.0.0/104']).refusal('127.0.0.1')).not.toBeNull();
  });
});
