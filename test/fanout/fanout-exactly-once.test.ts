import type { Priority } from '@herald/contracts';
import { Database } from '@herald/db';
import { createLogger } from '@herald/logger';
import { openMessageQueue, TopologyNames, type MessageQueue, type QueueMessage } from '@herald/messaging';
import request from 'supertest';
import { eventAcceptedHandler, type FanoutDeps } from '../../services/fanout/src/consumers/event-accepted.consumer';
import { FanoutRepository } from '../../services/fanout/src/data/fanout.repository';
import { FanoutStore } from '../../services/fanout/src/data/fanout.store';
import { FairShare } from '../../services/fanout/src/domain/fair-share';
import { WorkBudget } from '../../services/fanout/src/domain/work-budget';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';
import { openQueueProbe } from '../support/queue-probe';
import { startApi, type RunningApi } from '../../services/api/src/app';
import { testConfig } from '../support/test-env';

const config = testConfig();
const logger = createLogger('test', config.LOG_LEVEL);
const names = new TopologyNames(config.AMQP_NAMESPACE);
let api: RunningApi;
let db: Database;
let broker: MessageQueue;

beforeAll(async () => {
  // The API alone: no fan-out service runs, so this test drives the handler itself.
  api = await startApi(config, logger);
  db = await Database.connect(config.DATABASE_URL, 2);
  broker = await openMessageQueue(config, logger, 'test');
  await broker.ready();
});
afterAll(async () => {
  await broker.close();
  await db.close();
  await api.stop();
  await deleteTestTopology(config);
});

/** The real fan-out handler on the test database and broker, fair share off. */
function fanOutHandler(deliveriesPerMessage = 10, lane: Priority = 'high', over: Partial<FanoutDeps> = {}) {
  return eventAcceptedHandler(
    {
      repo: new FanoutStore(new FanoutRepository(db)),
      broker,
      names,
      logger,
      fairShare: new FairShare(0, 0),
      budget: new WorkBudget(2000),
      deliveriesPerMessage,
      ...over,
    },
    lane,
  );
}

/** POST /api/v1/events with the project's key, as a client would. */
function postEvent(key: string, body: Record<string, unknown>) {
  return request(api.baseUrl.replace(/\/api\/v1$/, ''))
    .post('/api/v1/events')
    .set('X-API-Key', key)
    .send(body);
}

function asDelivery(eventId: string, projectId: string): QueueMessage {
  const body = Buffer.from(JSON.stringify({ kind: 'event.accepted', event_id: eventId, project_id: projectId }));
  return { body, headers: {}, deliveryCount: 0, redelivered: false };
}

describe('fan-out', () => {
  it('when the same event message is handled twice, then each (recipient x channel) notification exists once', async () => {
    const { api_key: key, project_id: projectId } = await aProject(db, config);
    const res = await postEvent(key, {
      event_type: 'fanout.twice',
      recipients: [
        { channels: ['email', 'sms'], email: 'a@example.com', phone: '+15005550006' },
        { channels: ['email', 'webhook'], email: 'b@example.com', webhook_url: 'http://127.0.0.1:9/x' },
      ],
      payload: {},
      inline: { html: '<p>x</p>' },
    });
    expect(res.status).toBe(202);

    const handle = fanOutHandler();
    expect(await handle(asDelivery(res.body.id, projectId))).toBe('ack');
    expect(await handle(asDelivery(res.body.id, projectId))).toBe('ack');

    const { rows } = await db.query<{ channel: string; recipient: string }>(
      'SELECT channel, recipient FROM notifications WHERE event_id = $1 ORDER BY recipient_index, channel',
      [res.body.id],
    );
    expect(rows).toEqual([
      { channel: 'email', recipient: 'a@example.com' },
      { channel: 'sms', recipient: '+15005550006' },
      { channel: 'email', recipient: 'b@example.com' },
      { channel: 'webhook', recipient: 'http://127.0.0.1:9/x' },
    ]);
    const event = await db.query<{ status: string }>('SELECT status FROM events WHERE id = $1', [res.body.id]);
    expect(event.rows[0].status).toBe('processing');
  });

  it("when events are accepted and fanned out, then their ids and their notifications' ids are time-ordered: later ones sort after earlier ones", async () => {
    const { api_key: key, project_id: projectId } = await aProject(db, config);
    const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const msOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    const handle = fanOutHandler();
    const made: Array<{ event: string; notifications: string[] }> = [];
    for (const n of [1, 2]) {
      const before = Date.now();
      const res = await postEvent(key, {
        event_type: 'fanout.ordered',
        recipients: [{ channels: ['email', 'webhook'], email: `${n}@example.com`, webhook_url: 'http://127.0.0.1:9/x' }],
        payload: {},
        inline: { html: '<p>x</p>' },
      });
      expect(res.status).toBe(202);
      expect(res.body.id).toMatch(v7);
      expect(msOf(res.body.id)).toBeGreaterThanOrEqual(before);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await handle(asDelivery(res.body.id, projectId))).toBe('ack');
      const { rows } = await db.query<{ id: string }>('SELECT id::text FROM notifications WHERE event_id = $1', [res.body.id]);
      expect(rows).toHaveLength(2);
      for (const { id } of rows) expect(id).toMatch(v7);
      made.push({ event: res.body.id, notifications: rows.map((r) => r.id) });
    }
    const [first, second] = made;
    expect(first.event < second.event).toBe(true);
    expect(first.event < first.notifications[0]).toBe(true);
    expect(first.notifications.every((id) => id < second.event && second.notifications.every((later) => id < later))).toBe(true);
  });

  it('when an event has 1000 webhook recipients and a 100 KB payload, then 100 batch messages of ids only name each notification once', async () => {
    const { api_key: key, project_id: projectId } = await aProject(db, config);
    const res = await postEvent(key, {
      event_type: 'fanout.wide',
      recipients: Array.from({ length: 1000 }, (_, i) => ({ channels: ['webhook'], webhook_url: `http://127.0.0.1:9/hook/${i}` })),
      payload: { blob: 'x'.repeat(100_000) },
      inline: { html: '<p>x</p>' },
    });
    expect(res.status).toBe(202);

    const handle = fanOutHandler();
    expect(await handle(asDelivery(res.body.id, projectId))).toBe('ack');

    const probe = await openQueueProbe(config);
    const mine: Array<{ size: number; keys: string[]; ids: string[] }> = [];
    for (const got of await probe.drain(names.deliveryQueue('webhook'))) {
      const body = JSON.parse(got.body.toString('utf8'));
      if (body.event_id !== res.body.id) continue;
      const ids = body.notifications.map((n: Record<string, unknown>) => {
        expect(Object.keys(n)).toEqual(['notification_id']);
        return n.notification_id as string;
      });
      mine.push({ size: got.body.length, keys: Object.keys(body).sort(), ids });
    }
    await probe.close();
    expect(mine).toHaveLength(100);
    expect(mine[0].keys).toEqual(['channel', 'event_id', 'kind', 'notifications', 'project_id']);
    expect(Math.max(...mine.map((m) => m.size))).toBeLessThan(1024);
    const ids = mine.flatMap((m) => m.ids);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM notifications WHERE event_id = $1', [res.body.id]);
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('when a webhook event has 3 recipients, then one batch message shares the target; with one delivery per message, three single messages', async () => {
    const { api_key: key, project_id: projectId } = await aProject(db, config);
    const post = () =>
      postEvent(key, {
        event_type: 'fanout.batch',
        recipients: [0, 1, 2].map((i) => ({ channels: ['webhook'], webhook_url: `http://127.0.0.1:9/batch/${i}` })),
        payload: { order: 8 },
        inline: { html: '<p>x</p>' },
      });
    const [batched, single] = [await post(), await post()];
    expect([batched.status, single.status]).toEqual([202, 202]);
    const probe = await openQueueProbe(config);
    try {
      expect(await fanOutHandler()(asDelivery(batched.body.id, projectId))).toBe('ack');
      expect(await fanOutHandler(1)(asDelivery(single.body.id, projectId))).toBe('ack');
      const bodies = (await probe.drain(names.deliveryQueue('webhook'))).map((got) => JSON.parse(got.body.toString('utf8')));

      const [batch, ...others] = bodies.filter((b) => b.event_id === batched.body.id);
      expect(others).toHaveLength(0);
      expect(batch).toMatchObject({ kind: 'notification.deliver.batch', channel: 'webhook', project_id: projectId });
      expect(batch.target).toMatchObject({ event_type: 'fanout.batch', payload: { order: 8 } });
      expect(batch.notifications.map((n: { recipient: string }) => n.recipient).sort()).toEqual(
        [0, 1, 2].map((i) => `http://127.0.0.1:9/batch/${i}`),
      );

      const singles = bodies.filter((b) => b.event_id === single.body.id);
      expect(singles).toHaveLength(3);
      for (const m of singles) expect(m).toMatchObject({ kind: 'notification.deliver', attempt: 1, target: { payload: { order: 8 } } });
    } finally {
      await probe.close();
    }
  });

  it('when a webhook event with a small payload is fanned out, then its first delivery carries its target, and a republish does not', async () => {
    const { api_key: key, project_id: projectId } = await aProject(db, config);
    const res = await postEvent(key, {
      event_type: 'fanout.target',
      recipients: [{ channels: ['webhook', 'email'], email: 'c@example.com', webhook_url: 'http://127.0.0.1:9/target' }],
      payload: { order: 7 },
      inline: { html: '<p>x</p>' },
    });
    expect(res.status).toBe(202);
    const handle = fanOutHandler();
    const probe = await openQueueProbe(config);
    const published = async (channel: 'webhook' | 'email') =>
      (await probe.drain(names.deliveryQueue(channel)))
        .map((got) => JSON.parse(got.body.toString('utf8')))
        .filter((body) => body.event_id === res.body.id);
    try {
      expect(await handle(asDelivery(res.body.id, projectId))).toBe('ack');
      const [first] = await published('webhook');
      const { rows } = await db.query<{ created_at: Date }>('SELECT created_at FROM events WHERE id = $1', [res.body.id]);
      expect(first.target).toEqual({
        recipient: 'http://127.0.0.1:9/target',
        event_type: 'fanout.target',
        accepted_at: rows[0].created_at.toISOString(),
        payload: { order: 7 },
      });
      expect((await published('email'))[0]).not.toHaveProperty('target');

      // Redelivered event message: nothing created, the unattempted notifications are queued again, ids only.
      expect(await handle(asDelivery(res.body.id, projectId))).toBe('ack');
      const republished = await published('webhook');
      expect(republished).toHaveLength(1);
      expect(republished[0]).not.toHaveProperty('target');
    } finally {
      await probe.close();
    }
  });

  describe('bundles of accepted events', () => {
    async function twoEvents() {
      const { api_key: key, project_id: projectId } = await aProject(db, config);
      const post = () =>
        postEvent(key, {
          event_type: 'fanout.bundle',
          recipients: [{ channels: ['webhook'], webhook_url: 'http://127.0.0.1:9/b' }],
          payload: {},
          inline: { html: '<p>x</p>' },
        });
      const ids = [(await post()).body.id as string, (await post()).body.id as string];
      const bundle = {
        kind: 'events.accepted',
        events: ids.map((event_id, i) => ({ event_id, project_id: projectId, headers: { 'x-request-id': `bundle-${i}` } })),
      };
      return { ids, body: Buffer.from(JSON.stringify(bundle)) };
    }
    const notificationsOf = async (ids: string[]) =>
      (await db.query('SELECT id FROM notifications WHERE event_id = ANY($1::uuid[])', [ids])).rows.length;

    it('when a bundle of one-recipient events arrives, then each is fanned out and their deliveries share one message, each with its own event, target and request id', async () => {
      const { ids, body } = await twoEvents();
      const probe = await openQueueProbe(config);
      try {
        expect(await fanOutHandler()({ body, headers: {}, deliveryCount: 0, redelivered: false })).toBe('ack');
        const { rows } = await db.query<{ id: string; event_id: string }>(
          'SELECT id, event_id FROM notifications WHERE event_id = ANY($1::uuid[]) ORDER BY event_id',
          [ids],
        );
        expect(rows).toHaveLength(2);
        const mine = (await probe.drain(names.deliveryQueue('webhook')))
          .map((m) => JSON.parse(m.body.toString()))
          .filter((b) => b.notifications?.some((n: { event_id: string }) => ids.includes(n.event_id)));
        expect(mine).toHaveLength(1);
        expect(mine[0]).not.toHaveProperty('event_id');
        const items = [...mine[0].notifications].sort((a, b) => a.event_id.localeCompare(b.event_id));
        expect(items).toEqual(
          rows.map((r) => ({
            notification_id: r.id,
            event_id: r.event_id,
            project_id: expect.any(String),
            request_id: `bundle-${ids.indexOf(r.event_id)}`,
            recipient: 'http://127.0.0.1:9/b',
            target: { event_type: 'fanout.bundle', accepted_at: expect.any(String), payload: {} },
          })),
        );
      } finally {
        await probe.close();
      }
    });

    /** The single event.accepted messages on the high lane for these events, with their request ids. */
    async function singlesOnLane(probe: Awaited<ReturnType<typeof openQueueProbe>>, ids: string[], count: number) {
      return eventually(async () => {
        const got = (await probe.drain(names.fanoutLane('high')))
          .map((m) => ({ body: JSON.parse(m.body.toString()), requestId: m.headers['x-request-id'] }))
          .filter((m) => ids.includes(m.body.event_id));
        expect(got).toHaveLength(count);
        return got;
      });
    }

    it('when one event of a bundle fails unexpectedly, then the other is fanned out and the failed one goes back to its lane alone', async () => {
      const { ids, body } = await twoEvents();
      const probe = await openQueueProbe(config);
      class DownForOne extends FanoutStore {
        override loadEvent(id: string) {
          return id === ids[0] ? Promise.reject(new Error('connection terminated')) : super.loadEvent(id);
        }
      }
      try {
        await probe.drain(names.fanoutLane('high'));
        const handle = fanOutHandler(10, 'high', { repo: new DownForOne(new FanoutRepository(db)) });
        expect(await handle({ body, headers: {}, deliveryCount: 0, redelivered: false })).toBe('ack');
        expect(await notificationsOf([ids[0]])).toBe(0);
        expect(await notificationsOf([ids[1]])).toBe(1);
        const [single] = await singlesOnLane(probe, ids, 1);
        expect(single).toEqual({ body: expect.objectContaining({ kind: 'event.accepted', event_id: ids[0] }), requestId: 'bundle-0' });
      } finally {
        await probe.close();
      }
    });

    it('when the deliveries of a bundle cannot be published, then every event goes back to its lane alone and the redelivery queues them', async () => {
      const { ids, body } = await twoEvents();
      const probe = await openQueueProbe(config);
      // The broker refuses delivery messages (a channel error, say) but takes event messages.
      const refusing = Object.create(broker) as MessageQueue;
      refusing.publish = (exchange, routingKey, msg, options) =>
        exchange === names.deliveriesExchange
          ? Promise.reject(new Error('publish not confirmed'))
          : broker.publish(exchange, routingKey, msg, options);
      try {
        await probe.drain(names.fanoutLane('high'));
        expect(await fanOutHandler(10, 'high', { broker: refusing })({ body, headers: {}, deliveryCount: 0, redelivered: false })).toBe(
          'ack',
        );
        // Both events' notifications exist, none is queued yet: each event goes back alone.
        expect(await notificationsOf(ids)).toBe(2);
        const singles = await singlesOnLane(probe, ids, 2);

        const handle = fanOutHandler();
        for (const s of singles) {
          const msg = {
            body: Buffer.from(JSON.stringify(s.body)),
            headers: { 'x-request-id': s.requestId },
            deliveryCount: 0,
            redelivered: false,
          };
          expect(await handle(msg)).toBe('ack');
        }
        const queued = (await probe.drain(names.deliveryQueue('webhook')))
          .map((m) => JSON.parse(m.body.toString()))
          .filter((b) => ids.includes(b.event_id));
        expect(queued.map((b) => b.event_id).sort()).toEqual([...ids].sort());
      } finally {
        await probe.close();
      }
    });

    it('when a bundle comes back (its handler crashed), then it is split into one message per event on its lane, nothing fanned out yet', async () => {
      const { ids, body } = await twoEvents();
      const probe = await openQueueProbe(config);
      try {
        await probe.drain(names.fanoutLane('high'));
        expect(await fanOutHandler()({ body, headers: {}, deliveryCount: 1, redelivered: true })).toBe('ack');
        expect(await notificationsOf(ids)).toBe(0);
        const singles = await eventually(async () => {
          const got = (await probe.drain(names.fanoutLane('high'))).filter((m) => ids.includes(JSON.parse(m.body.toString()).event_id));
          expect(got).toHaveLength(2);
          return got;
        });
        for (const m of singles) expect(JSON.parse(m.body.toString())).toMatchObject({ kind: 'event.accepted' });
        expect(singles.map((m) => m.headers['x-request-id']).sort()).toEqual(['bundle-0', 'bundle-1']);
      } finally {
        await probe.close();
      }
    });
  });

  it('when the message is not a valid event message, then it is rejected for the dead-letter queue', async () => {
    const handle = fanOutHandler();
    const garbage: QueueMessage = { body: Buffer.from('{not json'), headers: {}, deliveryCount: 0, redelivered: false };
    expect(await handle(garbage)).toBe('reject');
    expect(await handle(asDelivery('00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000'))).toBe('reject');
    expect(await handle(asDelivery('not-a-uuid', '00000000-0000-4000-8000-000000000000'))).toBe('reject');
  });
});
