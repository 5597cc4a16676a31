import { randomUUID } from 'node:crypto';
import { Database } from '@herald/db';
import { createLogger } from '@herald/logger';
import { openMessageQueue, TopologyNames, type MessageQueue } from '@herald/messaging';
import { bundleAcceptedEvents } from '@herald/intake';
import { OutboxRelay, PARK_AFTER_FAILURES } from '@herald/outbox';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { openQueueProbe, type QueueProbe } from '../support/queue-probe';
import { testConfig } from '../support/test-env';

/**
 * The relay against the real PostgreSQL and RabbitMQ, with rows written straight into the
 * outbox (as dead-letter replay and intake do) for this file's own namespaced exchanges, which
 * no other relay ever claims.
 */
const config = testConfig();
const names = new TopologyNames(config.AMQP_NAMESPACE);
const logger = createLogger('test', config.LOG_LEVEL);
const missingExchange = `${config.AMQP_NAMESPACE}no-such-exchange`;
let db: Database;
let broker: MessageQueue;
let probe: QueueProbe;

beforeAll(async () => {
  db = await Database.connect(config.DATABASE_URL, 4);
  broker = await openMessageQueue(config, logger, 'test');
  await broker.ready();
  probe = await openQueueProbe(config);
});
afterAll(async () => {
  await probe.close();
  await broker.close();
  await db.close();
  await deleteTestTopology(config);
});

const relayWith = (over: { batchBytes?: number; maxMessageBytes?: number; bundle?: ReturnType<typeof bundleAcceptedEvents> } = {}) =>
  new OutboxRelay(db, broker, logger, {
    exchanges: [names.eventsExchange, missingExchange],
    batchSize: 500,
    pollIntervalMs: 50,
    batchBytes: 8 * 1024 * 1024,
    maxMessageBytes: 16 * 1024 * 1024,
    ...over,
  });

/** Inserts rows bound for the events exchange (or another), each with a marker and `bytes` of filler. */
async function insertRows(rows: Array<{ mark: string; bytes?: number; exchange?: string }>): Promise<void> {
  for (const r of rows) {
    await db.query('INSERT INTO outbox (exchange, routing_key, payload) VALUES ($1, $2, $3)', [
      r.exchange ?? names.eventsExchange,
      'event.accepted',
      JSON.stringify({ mark: r.mark, filler: 'x'.repeat(r.bytes ?? 10) }),
    ]);
  }
}

/** Marks of the next `count` messages in the fan-out queue, then of whatever else is there. */
async function received(count: number): Promise<string[]> {
  const marks: string[] = [];
  await eventually(async () => {
    marks.push(...(await drainFanoutQueue()));
    expect(marks.length).toBeGreaterThanOrEqual(count);
  });
  return marks;
}

async function drainFanoutQueue(): Promise<string[]> {
  return (await probe.drain(names.fanoutQueue)).map((msg) => JSON.parse(msg.body.toString()).mark);
}

/** Only this file's rows: other files' apis (sign-in emails, events) share the outbox table. */
async function outboxMarks(): Promise<string[]> {
  const { rows } = await db.query<{ mark: string }>("SELECT payload->>'mark' AS mark FROM outbox WHERE payload ? 'mark' ORDER BY id");
  return rows.map((r) => r.mark);
}

describe('outbox relay loading', () => {
  it('when rows are larger than the byte budget, then each pass loads one of them and every row is still relayed', async () => {
    const marks = Array.from({ length: 6 }, (_, i) => `big-${i}`);
    await insertRows(marks.map((mark) => ({ mark, bytes: 200_000 })));
    const relay = relayWith({ batchBytes: 300_000 });

    const perPass: number[] = [];
    for (let n = await relay.relayOnce(); n > 0; n = await relay.relayOnce()) perPass.push(n);

    expect(perPass).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await outboxMarks()).toEqual([]);
    expect((await received(6)).sort()).toEqual(marks);
  });

  it('when small rows share a budget, then one pass takes as many as fit', async () => {
    await insertRows(Array.from({ length: 10 }, (_, i) => ({ mark: `small-${i}`, bytes: 1000 })));
    const relay = relayWith({ batchBytes: 5_500 });
    expect(await relay.relayOnce()).toBe(5);
    expect(await relay.relayOnce()).toBe(5);
    expect(await received(10)).toHaveLength(10);
  });

  it('when a row cannot be published, then it is parked with the reason after repeated failures and the rows after it go through', async () => {
    await insertRows([{ mark: 'before' }, { mark: 'poison', exchange: missingExchange }, { mark: 'after-1' }, { mark: 'after-2' }]);
    const relay = relayWith();
    relay.start();
    try {
      const parked = await eventually(async () => {
        const { rows } = await db.query<{ exchange: string; reason: string; mark: string }>(
          "SELECT exchange, reason, payload->>'mark' AS mark FROM outbox_parked WHERE exchange = $1",
          [missingExchange],
        );
        expect(rows).toHaveLength(1);
        return rows[0];
      });
      expect(parked.mark).toBe('poison');
      expect(parked.reason).toMatch(new RegExp(`^publish failed ${PARK_AFTER_FAILURES} times: .*no exchange`));
      expect(await outboxMarks()).toEqual([]);
    } finally {
      await relay.stop();
    }
    expect(new Set(await received(3))).toEqual(new Set(['before', 'after-1', 'after-2']));

    // The relay keeps working after the poison row left.
    await insertRows([{ mark: 'later' }]);
    expect(await relayWith().relayOnce()).toBe(1);
    expect(await received(1)).toEqual(['later']);
  });

  it('when a row is over the per-message cap, then it is parked unread with its size and the others are relayed', async () => {
    await insertRows([{ mark: 'huge', bytes: 300_000 }, { mark: 'fine' }]);
    const relay = relayWith({ maxMessageBytes: 100_000 });
    expect(await relay.relayOnce()).toBe(1);
    const { rows } = await db.query<{ reason: string }>("SELECT reason FROM outbox_parked WHERE payload->>'mark' = 'huge'");
    expect(rows).toEqual([{ reason: expect.stringMatching(/^payload is 300\d\d\d bytes; the relay publishes at most 100000/) }]);
    expect(await outboxMarks()).toEqual([]);
    expect(await received(1)).toEqual(['fine']);
  });

  describe('bundles of accepted events', () => {
    /** Accepted-event rows as intake writes them, each with its request id; returns the event ids. */
    async function insertAccepted(count: number, exchange = names.eventsExchange): Promise<string[]> {
      const ids = Array.from({ length: count }, () => randomUUID());
      for (const [i, id] of ids.entries()) {
        await db.query('INSERT INTO outbox (exchange, routing_key, payload, headers) VALUES ($1, $2, $3, $4)', [
          exchange,
          'event.accepted',
          JSON.stringify({ kind: 'event.accepted', event_id: id, project_id: randomUUID() }),
          JSON.stringify({ 'x-request-id': `req-${i}` }),
        ]);
      }
      return ids;
    }

    it('when a pass holds accepted events of one lane, then they reach fan-out in one message, each with its own request id', async () => {
      const ids = await insertAccepted(3);
      expect(await relayWith({ bundle: bundleAcceptedEvents(10) }).relayOnce()).toBe(3);

      const bodies = await eventually(async () => {
        const got = (await probe.drain(names.fanoutQueue)).map((m) => JSON.parse(m.body.toString()));
        expect(got).toHaveLength(1);
        return got;
      });
      expect(bodies[0]).toEqual({
        kind: 'events.accepted',
        events: ids.map((event_id, i) => ({ event_id, project_id: expect.any(String), headers: { 'x-request-id': `req-${i}` } })),
      });
    });

    it('when a bundle cannot be published, then its rows are tried one by one and each counts its own failure', async () => {
      await insertAccepted(2, missingExchange);
      expect(await relayWith({ bundle: bundleAcceptedEvents(10) }).relayOnce()).toBe(0);
      const { rows } = await db.query<{ failed_attempts: number }>('SELECT failed_attempts FROM outbox WHERE exchange = $1', [
        missingExchange,
      ]);
      expect(rows.map((r) => r.failed_attempts)).toEqual([1, 1]);
      await db.query('DELETE FROM outbox WHERE exchange = $1', [missingExchange]);
    });
  });
});
