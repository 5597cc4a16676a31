import { Database } from '@herald/db';
import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startApi } from '../../services/api/src/app';
import { startFanout } from '../../services/fanout/src/app';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';
import { TcpProxy } from '../support/tcp-proxy';
import { TEST_QUEUE_DRIVER, testConfig } from '../support/test-env';

const base = testConfig();
const logger = createLogger('test', base.LOG_LEVEL);
let proxy: TcpProxy;

beforeAll(async () => {
  proxy = await TcpProxy.start('127.0.0.1', 5672);
});
afterAll(async () => {
  await proxy.stop();
  await deleteTestTopology(base);
});

const event = (n: number) => ({
  event_type: 'outbox.check',
  recipients: [{ channels: ['webhook'], webhook_url: `http://127.0.0.1:9/hook-${n}` }],
  payload: { n },
  inline: { html: '<p>x</p>' },
});

async function fannedOut(db: { query: (s: string, p: unknown[]) => Promise<{ rows: Array<{ n: string }> }> }, eventId: string) {
  const { rows } = await db.query('SELECT count(*) AS n FROM notifications WHERE event_id = $1', [eventId]);
  return Number(rows[0].n);
}

/**
 * A broker outage exists only with the RabbitMQ driver: with the postgres driver the queue is the
 * database the 202 itself is written to (its outages are covered in test/messaging). A run
 * without a broker says at the start that the RabbitMQ driver was not exercised.
 */
const withBroker = (name: string, fn: () => Promise<void>) => (TEST_QUEUE_DRIVER === 'rabbitmq' ? it(name, fn) : undefined);

describe('transactional outbox', () => {
  withBroker(
    'when the broker connection is down as the request arrives, then the event is accepted and fans out once the broker is back',
    async () => {
      const config = { ...base, AMQP_URL: `amqp://guest:guest@127.0.0.1:${proxy.port}` };
      const api = await startApi(config, logger);
      const fanout = await startFanout(config, logger);
      try {
        const { api_key: key } = await aProject(api.db, config);
        const http = request(api.baseUrl.replace(/\/api\/v1$/, ''));
        proxy.cut();
        await eventually(async () => expect((await http.get('/api/v1/health')).status).toBe(503));
        const health = await http.get('/api/v1/health');
        expect(health.body.checks).toEqual({ database: 'ok', broker: expect.stringMatching(/^error/) });

        const accepted = await http.post('/api/v1/events').set('X-API-Key', key).send(event(1));
        expect(accepted.status).toBe(202);
        const { rows } = await api.db.query('SELECT count(*)::int AS n FROM outbox WHERE payload->>$1 = $2', [
          'event_id',
          accepted.body.id,
        ]);
        expect(rows[0].n).toBe(1);

        proxy.restore();
        await eventually(async () => expect(await fannedOut(api.db, accepted.body.id)).toBe(1), 30000);
        const detail = await http.get(`/api/v1/events/${accepted.body.id}`).set('X-API-Key', key);
        expect(detail.body.status).toBe('processing');
      } finally {
        proxy.restore();
        await fanout.stop();
        await api.stop();
      }
    },
  );

  it('when the API dies right after answering, then another process relays its outbox', async () => {
    const cutOff = { ...base, AMQP_URL: `amqp://guest:guest@127.0.0.1:${proxy.port}` };
    const api = await startApi(cutOff, logger);
    const { api_key: key } = await aProject(api.db, cutOff);
    proxy.cut();
    const accepted = await request(api.baseUrl.replace(/\/api\/v1$/, ''))
      .post('/api/v1/events')
      .set('X-API-Key', key)
      .send(event(2));
    expect(accepted.status).toBe(202);
    await api.stop(); // the gateway is gone; its event was only ever in PostgreSQL
    proxy.restore();

    const fanout = await startFanout(base, logger);
    try {
      const db = await Database.connect(base.DATABASE_URL, 1);
      await eventually(async () => expect(await fannedOut(db, accepted.body.id)).toBe(1), 30000);
      await db.close();
    } finally {
      await fanout.stop();
    }
  });
});
