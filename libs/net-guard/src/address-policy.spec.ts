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
  ])('when %s is private or internal, then it is refused', (ip) => {
    expect(strict.refusal(ip)).not.toBeNull();
  });

  it('when a CIDR is exempted, then addresses inside it pass, also in IPv4-mapped form', () => {
    const loopbackAllowed = new AddressPolicy(['127.0.0.0/8']);
    expect(loopbackAllowed.refusal('127.0.0.1')).toBeNull();
    expect(loopbackAllowed.refusal('::ffff:127.0.0.1')).toBeNull();
    expect(loopbackAllowed.refusal('10.0.0.1')).not.toBeNull();
  });
});
