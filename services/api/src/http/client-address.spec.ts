import type { Request } from 'express';
import { clientAddressOf } from './client-address';

const from = (ip: string) => clientAddressOf({ ip, socket: {} } as unknown as Request);

describe('clientAddressOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:127.0.0.11', '127.0.0.11'],
    ['2001:db8:0:1:aaaa::1', '2001:db8:0:1::/64'],
    ['2001:DB8:0:1:bbbb:cccc:dddd:2', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('when the client is %s, then its budget is kept under %s', (ip, key) => {
    expect(from(ip)).toBe(key);
  });
});
