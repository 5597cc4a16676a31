import { randomBytes, randomUUID } from 'node:crypto';
import { createLogger } from '@herald/logger';
import { PgQueue, QueueStore, TopologyNames, type QueueMessage } from '@herald/messaging';
import { Pool } from 'pg';
import { eventually } from '../support/eventually';
import { TcpProxy } from '../support/tcp-proxy';
import { TEST_DATABASE_URL } from '../support/test-env';

/**
 * The postgres driver's own promises, on the real database: leases, the delivery limit,
 * delays, LISTEN/NOTIFY wake-ups and exclusive claims. Each test has its own namespace, so
 * its queues hold only its own messages.
 */
const logger = createLogger('test', process.env.HERALD_TEST_LOG_LEVEL ?? 'silent');
const pool = new Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
const store = new QueueStore(pool);
const opened: PgQueue[] = [];

afterAll(async () => {
  await Promise.all(opened.map((q) => q.purge()));
  await Promise.all(opened.map((q) => q.close()));
  await pool.end();
});

function freshNames(): TopologyNames {
  return new TopologyNames(`test-pgq-${randomBytes(4).toString('hex')}.`);
}

async function openQueue(names: TopologyNames, options: { leaseMs?: number; pollMs?: number; url?: string } = {}): Promise<PgQueue> {
  const queue = await PgQueue.start({
    url: options.url ?? TEST_DATABASE_URL,
    names,
    logger,
    connectionName: 'test',
    leaseMs: options.leaseMs ?? 30_000,
    pollMs: options.pollMs,
  });
  opened.push(queue);
  return queue;
}

const text = (msg: QueueMessage) => msg.body.toString('utf8');

describe('postgres queue driver', () => {
  it('when a consumer dies holding a message, then another gets it once the lease ends, marked redelivered', async () => {
    const names = freshNames();
    const queue = await openQueue(names);
    await queue.publish('', names.fanoutQueue, Buffer.from('held'));
    // A consumer that claims with a short lease and is never heard of again.
    const [taken] = await store.claim(names.fanoutQueue, 1, 400, randomUUID());
    expect(taken.body.toString()).toBe('held');
    const claimedAt = Date.now();

    const got: Array<{ msg: QueueMessage; at: number }> = [];
    const consumer = queue.consumer({
      queue: names.fanoutQueue,
      prefetch: 1,
      logger,
      handle: async (msg) => (got.push({ msg, at: Date.now() }), 'ack'),
    });
    await consumer.start();
    await eventually(() => expect(got).toHaveLength(1));
    await consumer.stop();
    expect(got[0].at - claimedAt).toBeGreaterThanOrEqual(350);
    expect(got[0].msg).toMatchObject({ redelivered: true, deliveryCount: 1 });
    expect((await queue.inspectQueues([names.fanoutQueue]))[0].messages).toBe(0);
  });

  it('when a handler runs longer than the lease, then the lease is extended and no other consumer gets the message', async () => {
    const names = freshNames();
    const [a, b] = [await openQueue(names, { leaseMs: 1000 }), await openQueue(names, { leaseMs: 1000 })];
    const seen: string[] = [];
    const slow = a.consumer({
      queue: names.fanoutQueue,
      prefetch: 1,
      logger,
      handle: async () => {
        seen.push('a');
        await new Promise((r) => setTimeout(r, 3000));
        return 'ack';
      },
    });
    await slow.start();
    await a.publish('', names.fanoutQueue, Buffer.from('slow'));
    await eventually(() => expect(seen).toEqual(['a']));
    const other = b.consumer({ queue: names.fanoutQueue, prefetch: 1, logger, handle: async () => (seen.push('b'), 'ack') });
    await other.start();
    await slow.stop();
    await other.stop();
    expect(seen).toEqual(['a']);
    expect((await a.inspectQueues([names.fanoutQueue]))[0].messages).toBe(0);
  });

  it('when a message is handed out past the delivery limit, then it moves to the dead-letter queue with the reason', async () => {
    const names = freshNames();
    const queue = await openQueue(names);
    await queue.publish(names.eventsExchange, 'event.accepted', { event_id: 'poison' });
    let crashes = 0;
    for (;;) {
      const { deliver } = await store.claimForDelivery(names.fanoutQueue, 1, 0, randomUUID(), names.fanoutDlq);
      if (deliver.length === 0) break;
      crashes++;
    }
    expect(crashes).toBe(11);

    const dead: QueueMessage[] = [];
    const consumer = queue.consumer({ queue: names.fanoutDlq, prefetch: 1, logger, handle: async (msg) => (dead.push(msg), 'ack') });
    await consumer.start();
    await eventually(() => expect(dead).toHaveLength(1));
    await consumer.stop();
    expect(JSON.parse(text(dead[0]))).toEqual({ event_id: 'poison' });
    expect(dead[0]).toMatchObject({ deathReason: 'delivery_limit', deliveryCount: 0 });
  });

  it('when a handler rejects a message, then it goes to the dead-letter queue at once as rejected', async () => {
    const names = freshNames();
    const queue = await openQueue(names);
    const work = queue.consumer({ queue: names.deliveryQueue('email'), prefetch: 4, logger, handle: async () => 'reject' });
    await work.start();
    await queue.publish(names.deliveriesExchange, 'email', Buffer.from('unusable'), { headers: { 'x-herald-request-id': 'r1' } });
    const dead: QueueMessage[] = [];
    const dlq = queue.consumer({
      queue: names.deadLetterQueue('email'),
      prefetch: 1,
      logger,
      handle: async (msg) => (dead.push(msg), 'ack'),
    });
    await dlq.start();
    await eventually(() => expect(dead).toHaveLength(1));
    await work.stop();
    await dlq.stop();
    expect(dead[0]).toMatchObject({ deathReason: 'rejected', headers: { 'x-herald-request-id': 'r1' } });
    expect(text(dead[0])).toBe('unusable');
  });

  it('when a message is delayed, then no claim sees it before it is due and a waiting consumer gets it after', async () => {
    const names = freshNames();
    const queue = await openQueue(names);
    const got: number[] = [];
    const consumer = queue.consumer({
      queue: names.deliveryQueue('sms'),
      prefetch: 1,
      logger,
      handle: async () => (got.push(Date.now()), 'ack'),
    });
    await consumer.start();
    const publishedAt = Date.now();
    await queue.publishDelayed(names.deliveryQueue('sms'), Buffer.from('later'), 800);
    expect(await store.claim(names.deliveryQueue('sms'), 10, 1000, randomUUID())).toEqual([]);
    expect((await queue.inspectQueues([names.deliveryQueue('sms')]))[0].messages).toBe(1);
    await eventually(() => expect(got).toHaveLength(1));
    await consumer.stop();
    expect(got[0] - publishedAt).toBeGreaterThanOrEqual(800);
  });

  it('when a message is published to an idle consumer, then NOTIFY wakes it long before its next poll', async () => {
    const names = freshNames();
    const publisher = await openQueue(names);
    const consuming = await openQueue(names, { pollMs: 600_000 });
    const got: string[] = [];
    const consumer = consuming.consumer({
      queue: names.fanoutQueue,
      prefetch: 1,
      logger,
      handle: async (msg) => (got.push(text(msg)), 'ack'),
    });
    await consumer.start();
    await eventually(async () => expect((await consuming.inspectQueues([names.fanoutQueue]))[0].consumers).toBe(1));
    await publisher.publish('', names.fanoutQueue, Buffer.from('wake up'));
    // Its only timer is ten minutes away: nothing but the notification can bring the message in time.
    await eventually(() => expect(got).toEqual(['wake up']), 10_000);
    await consumer.stop();
  });

  it('when two processes consume one queue, then every message is handled exactly once', async () => {
    const names = freshNames();
    const [a, b] = [await openQueue(names), await openQueue(names)];
    const handled = new Map<string, string[]>();
    const consumerOf = (queue: PgQueue, who: string) =>
      queue.consumer({
        queue: names.deliveryQueue('webhook'),
        prefetch: 16,
        logger,
        handle: async (msg) => {
          handled.set(text(msg), [...(handled.get(text(msg)) ?? []), who]);
          await new Promise((r) => setTimeout(r, Math.random() * 5));
          return 'ack';
        },
      });
    const consumers = [consumerOf(a, 'a'), consumerOf(b, 'b')];
    await Promise.all(consumers.map((c) => c.start()));
    await Promise.all(
      Array.from({ length: 400 }, (_, i) => (i % 2 ? a : b).publish(names.deliveriesExchange, 'webhook', Buffer.from(`m${i}`))),
    );
    await eventually(() => expect(handled.size).toBe(400));
    await Promise.all(consumers.map((c) => c.stop()));
    expect([...handled.values()].filter((who) => who.length !== 1)).toEqual([]);
    const by = [...handled.values()].flat();
    expect(by).toContain('a');
    expect(by).toContain('b');
  });

  it('when queues are inspected, then waiting messages and live consumers are counted', async () => {
    const names = freshNames();
    const queue = await openQueue(names);
    await queue.publish('', names.fanoutDlq, Buffer.from('x'));
    await queue.publish('', names.fanoutDlq, Buffer.from('y'));
    const consumer = queue.consumer({ queue: names.fanoutQueue, prefetch: 1, logger, handle: async () => 'ack' });
    await consumer.start();
    expect(await queue.inspectQueues([names.fanoutQueue, names.fanoutDlq])).toEqual([
      { name: names.fanoutQueue, messages: 0, consumers: 1 },
      { name: names.fanoutDlq, messages: 2, consumers: 0 },
    ]);
    await consumer.stop();
    expect((await queue.inspectQueues([names.fanoutQueue]))[0].consumers).toBe(0);
  });

  it('when the database connection drops, then nothing is lost: the held message comes back and later ones are handled once it returns', async () => {
    const names = freshNames();
    const target = new URL(TEST_DATABASE_URL);
    const proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
    let consuming: PgQueue | undefined;
    try {
      const viaProxy = new URL(TEST_DATABASE_URL);
      viaProxy.port = String(proxy.port);
      const viaCut = await PgQueue.start({ url: viaProxy.toString(), names, logger, connectionName: 'test', leaseMs: 1000 });
      consuming = viaCut;
      const publisher = await openQueue(names);
      let outage: () => void = () => undefined;
      const outageStarted = new Promise<void>((resolve) => (outage = resolve));
      const got: Array<{ body: string; redelivered: boolean }> = [];
      const consumer = viaCut.consumer({
        queue: names.fanoutQueue,
        prefetch: 4,
        logger,
        handle: async (msg) => {
          got.push({ body: text(msg), redelivered: msg.redelivered });
          if (text(msg) === 'held' && !msg.redelivered) await outageStarted; // its ack meets the outage
          return 'ack';
        },
      });
      await consumer.start();
      await publisher.publish('', names.fanoutQueue, Buffer.from('held'));
      await eventually(() => expect(got).toHaveLength(1));

      proxy.cut();
      outage();
      await eventually(() => expect(viaCut.isConnected).toBe(false));
      await publisher.publish('', names.fanoutQueue, Buffer.from('during'));
      proxy.restore();

      await eventually(() => expect(got.map((g) => g.body).sort()).toEqual(['during', 'held', 'held']), 20_000);
      expect(got.filter((g) => g.body === 'held').map((g) => g.redelivered)).toEqual([false, true]);
      await eventually(() => expect(viaCut.isConnected).toBe(true));
      await consumer.stop();
      expect((await publisher.inspectQueues([names.fanoutQueue]))[0].messages).toBe(0);
    } finally {
      // Closed before the proxy stops, so nothing is left reconnecting through it.
      await consuming?.close();
      await proxy.stop();
    }
  });

  it('when a consumer claims, then it learns when the next message falls due: none on an empty queue, the delay of a delayed one', async () => {
    const names = freshNames();
    const queue = await openQueue(names);
    const q = names.deliveryQueue('sms');
    // Nothing waits: no due time (a 0 here made idle consumers claim every few milliseconds).
    expect((await store.claimForDelivery(q, 10, 30_000, randomUUID())).nextDueMs).toBeNull();

    await queue.publishDelayed(q, Buffer.from('later'), 5_000);
    await queue.publish('', q, Buffer.from('now'));
    const claim = await store.claimForDelivery(q, 10, 30_000, randomUUID());
    expect(claim.deliver.map((r) => r.body.toString())).toEqual(['now']);
    expect(claim.nextDueMs).toBeGreaterThan(3_000);
    expect(claim.nextDueMs).toBeLessThanOrEqual(5_000);
  });
});
