import { randomUUID } from 'node:crypto';
import { Database } from '@herald/db';
import { createLogger } from '@herald/logger';
import { openMessageQueue, TopologyNames, type MessageQueue } from '@herald/messaging';
import request from 'supertest';
import { startApi, type RunningApi } from '../../services/api/src/app';
import { startFanout } from '../../services/fanout/src/app';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';
import { openQueueProbe, type QueueProbe } from '../support/queue-probe';
import { testConfig } from '../support/test-env';

/**
 * Fan-out starts only inside each test: a test first puts the event message where it wants it
 * (the work queue, or past the delivery limit into the dead-letter queue) with no fan-out around.
 */
const config = testConfig();
const logger = createLogger('test', config.LOG_LEVEL);
const names = new TopologyNames(config.AMQP_NAMESPACE);
let api: RunningApi;
let db: Database;
let broker: MessageQueue;
let probe: QueueProbe;

beforeAll(async () => {
  api = await startApi(config, logger);
  db = await Database.connect(config.DATABASE_URL, 2);
  broker = await openMessageQueue(config, logger, 'test');
  await broker.ready();
  probe = await openQueueProbe(config);
});
afterAll(async () => {
  await probe.close();
  await broker.close();
  await db.close();
  await api.stop();
  await deleteTestTopology(config);
});

const http = () => request(api.baseUrl.replace(/\/api\/v1$/, ''));

async function withFanout<T>(fn: () => Promise<T>): Promise<T> {
  const fanout = await startFanout(config, logger);
  try {
    return await fn();
  } finally {
    await fanout.stop();
  }
}

async function settledEvent(id: string, key: string) {
  return eventually(async () => {
    const res = await http().get(`/api/v1/events/${id}`).set('X-API-Key', key);
    expect(res.body.status).not.toBe('accepted');
    return res.body;
  });
}

/** What a fan-out process that dies on the message does: takes it and vanishes without an ack. */
const crashOnNextMessage = () => probe.crashOnNext(names.fanoutQueue);

describe('fan-out never leaves an event accepted for ever', () => {
  it('when an event holds data fan-out cannot process, then it ends failed with a reason at once', async () => {
    const { project_id: projectId, api_key: key } = await aProject(db, config);
    const id = randomUUID();
    // Recipients that are not a list: what a row written by a buggy or older writer could hold.
    await db.query(
      `INSERT INTO events (id, project_id, event_type, payload, recipients, content, request_hash, recipient_count, notification_count)
       VALUES ($1, $2, 'poison', '{}', '{"not": "a list"}', '{"inline": {"html": "<p>x</p>"}}', 'test', 1, 1)`,
      [id, projectId],
    );
    await broker.publish(names.eventsExchange, 'event.accepted', { kind: 'event.accepted', event_id: id, project_id: projectId });

    const event = await withFanout(() => settledEvent(id, key));
    expect(event).toMatchObject({ status: 'failed', has_failures: true, notifications: [] });
    expect(event.failure_reason).toMatch(/fan-out could not process this event \(TypeError\)/);
  });

  it('when fan-out crashes on an event at every attempt, then past the delivery limit the event ends failed with a reason', async () => {
    const { api_key: key } = await aProject(db, config);
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', key)
      .send({
        event_type: 'crashes',
        recipients: [{ channels: ['email'], email: 'a@example.com' }],
        payload: {},
        inline: { html: '<p>x</p>' },
      });
    expect(res.status).toBe(202);

    // The delivery limit is 10: the 11th return dead-letters the message.
    let crashes = 0;
    await eventually(async () => {
      if (await crashOnNextMessage()) crashes++;
      expect(await probe.depth(names.fanoutDlq)).toBe(1);
    }, 30_000);
    expect(crashes).toBe(11);

    const event = await withFanout(() => settledEvent(res.body.id, key));
    expect(event).toMatchObject({ status: 'failed', notifications: [] });
    expect(event.failure_reason).toMatch(/gave up at the delivery limit/);
  });
});
