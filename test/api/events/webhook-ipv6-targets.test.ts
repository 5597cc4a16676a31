import { useSystem } from '../../support/system-fixture';

/** The test configuration exempts 127.0.0.0/8; IPv6 forms that merely embed loopback are still refused at intake. */
const f = useSystem();

const anEvent = (webhook_url: string) => ({
  event_type: 'ipv6.check',
  recipients: [{ channels: ['webhook'], webhook_url }],
  payload: {},
  inline: { html: '<p>x</p>' },
});

describe('webhook targets written as IPv6 forms of loopback', () => {
  it.each(['http://[::7f00:1]:9/h', 'http://[::127.0.0.1]:9/h', 'http://[64:ff9b::7f00:1]:9/h'])(
    'when the target is %s while 127.0.0.0/8 is allowed, then the event is refused with a 422 naming the field',
    async (url) => {
      const res = await f.http().post('/api/v1/events').set('X-API-Key', f.key).send(anEvent(url));
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['body', 'recipients', 0, 'webhook_url'],
          msg: expect.stringMatching(/private or internal address \((::7f00:1 is an IPv4-compatible|64:ff9b::7f00:1 is a NAT64)/),
          type: 'value_error',
        },
      ]);
    },
  );

  it('when the target is the IPv4-mapped form of loopback, then the exemption covers it and the event is accepted', async () => {
    const res = await f.http().post('/api/v1/events').set('X-API-Key', f.key).send(anEvent('http://[::ffff:127.0.0.1]:9/h'));
    expect(res.status).toBe(202);
  });
});
