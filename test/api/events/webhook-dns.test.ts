import { DnsServer } from '../../support/dns-server';
import { useSystem } from '../../support/system-fixture';

/**
 * The api resolves webhook hosts against a local DNS server (port from this file's own range)
 * that counts the questions it gets and never answers silent.test.
 */
const DNS_PORT = 18353;
const f = useSystem({ env: { WEBHOOK_DNS_SERVERS: `127.0.0.1:${DNS_PORT}`, WEBHOOK_DNS_TIMEOUT_MS: '300' } });
let dns: DnsServer;

beforeAll(async () => {
  dns = await DnsServer.start(
    DNS_PORT,
    {
      'hooks.test': '127.0.0.1',
      'other.test': '127.0.0.2',
      'pair-a.test': '127.0.0.3',
      'pair-b.test': '127.0.0.4',
      'kept.test': '127.0.0.5',
    },
    ['silent.test'],
  );
});
afterAll(async () => {
  await dns?.stop();
});

const anEvent = (urls: string[]) => ({
  event_type: 'dns.check',
  recipients: urls.map((webhook_url) => ({ channels: ['webhook'], webhook_url })),
  payload: { n: 1 },
  inline: { html: '<p>x</p>' },
});

const postEvent = (urls: string[]) => f.http().post('/api/v1/events').set('X-API-Key', f.key).send(anEvent(urls));

describe('webhook host resolution at intake', () => {
  it('when a batch names one host for every recipient, then the host is resolved once and the batch is accepted', async () => {
    const before = dns.queries('hooks.test');
    const events = Array.from({ length: 50 }, (_, e) => anEvent(Array.from({ length: 20 }, (_, r) => `http://hooks.test:9/e${e}/r${r}`)));
    const res = await f.http().post('/api/v1/events/batch').set('X-API-Key', f.key).send({ events });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ events_created: 50, notifications_created: 1000 });
    expect(dns.queries('hooks.test') - before).toBe(1);
  });

  it('when one event names two hosts many times, then each is resolved once', async () => {
    // Hosts no other test names: the api keeps a host's answer for later requests.
    const urls = Array.from({ length: 30 }, (_, i) => `https://pair-${i % 2 ? 'a' : 'b'}.test/r${i}`);
    const res = await postEvent(urls);
    expect(res.status).toBe(202);
    expect([dns.queries('pair-a.test'), dns.queries('pair-b.test')]).toEqual([1, 1]);
  });

  it('when a host does not answer in time, then 422 names the field, the host and the limit', async () => {
    const res = await postEvent(['http://hooks.test:9/ok', 'http://silent.test/h']);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      detail: [
        {
          loc: ['body', 'recipients', 1, 'webhook_url'],
          msg: 'webhook_url host silent.test did not resolve within 300 ms',
          type: 'value_error',
        },
      ],
    });
  });

  it('when a host has no address, then 422 says it does not resolve', async () => {
    const res = await postEvent(['http://nowhere.test/h']);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'recipients', 0, 'webhook_url'], msg: 'webhook_url host nowhere.test does not resolve', type: 'value_error' },
    ]);
  });

  it('when later events name a host already resolved, then its answer serves them without asking again', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await postEvent([`https://kept.test/e${i}`]);
      expect(res.status).toBe(202);
    }
    expect(dns.queries('kept.test')).toBe(1);
  });

  it('when a host had no address, then the next event naming it is looked up again', async () => {
    const before = dns.queries('nowhere.test');
    for (let i = 0; i < 2; i++) {
      const res = await postEvent(['http://nowhere.test/h']);
      expect(res.status).toBe(422);
    }
    expect(dns.queries('nowhere.test') - before).toBe(2);
  });
});
