import { randomBytes, randomUUID } from 'node:crypto';
import { QUEUE_SESSION_SETTINGS, QueueStore } from '@herald/messaging';
import { Pool } from 'pg';
import { TEST_DATABASE_URL } from '../support/test-env';

/**
 * The postgres driver's hot statements are named, so PostgreSQL may run them on a cached generic
 * plan. A generic plan made while the queue table was nearly empty must not be a scan that the
 * queue then outgrows: on the queue pool's settings, every one of them reaches its rows through
 * an index condition.
 */
describe('postgres queue statement plans', () => {
  // One connection with the queue pool's settings: the prepared statements below are its own.
  const pool = new Pool({ connectionString: TEST_DATABASE_URL, max: 1, onConnect: (c) => c.query(QUEUE_SESSION_SETTINGS) });
  const store = new QueueStore(pool);
  const queue = `test-plans-${randomBytes(4).toString('hex')}.work`;
  const dlq = `${queue}.dlq`;

  afterAll(async () => {
    await store.purge(queue);
    await pool.end();
  });

  it('when the queue verbs have run many times, then the claim runs on a cached plan, and every generic plan uses an index condition, never a scan', async () => {
    for (let i = 0; i < 8; i++) {
      await store.insert([{ queue, body: Buffer.from('x'), headers: {}, delayMs: 0 }]);
      const token = randomUUID();
      const { deliver } = await store.claimForDelivery(queue, 10, 30_000, token, dlq);
      const held = deliver.map((r) => ({ id: r.id, token }));
      await store.extend(held, 30_000);
      if (i % 2) await store.ack(held);
      else await store.deadLetter(held, dlq, 'test');
      await store.release({ id: '0', token }, 0);
    }
    const { rows } = await pool.query<{ name: string; generic_plans: string }>(
      `SELECT name, generic_plans FROM pg_prepared_statements WHERE name LIKE 'queue.%' ORDER BY name`,
    );
    expect(rows.map((r) => r.name)).toEqual([
      'queue.ack',
      'queue.claim',
      'queue.dead-letter',
      'queue.extend',
      'queue.insert',
      'queue.release',
    ]);
    // The claim, the costliest to plan, and the publish stop being planned; PostgreSQL keeps
    // planning the others while a custom plan looks cheaper, and may switch them later.
    const generic = rows.filter((r) => Number(r.generic_plans) > 0).map((r) => r.name);
    expect(generic).toEqual(expect.arrayContaining(['queue.claim', 'queue.insert']));

    const client = await pool.connect();
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      const explained: Record<string, string> = {};
      const token = randomUUID();
      for (const [name, args] of [
        ['queue.claim', `'${queue}', 10, 1000, '${token}'`],
        ['queue.ack', `'{1}', '{${token}}'`],
        ['queue.extend', `'{1}', '{${token}}', 1000`],
        ['queue.dead-letter', `'{1}', '{${token}}', '${dlq}', 'x'`],
        ['queue.release', `1, '${token}', 0`],
      ]) {
        const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE "${name}"(${args})`);
        explained[name] = plan.map((r) => r['QUERY PLAN']).join('\n');
      }
      for (const [name, plan] of Object.entries(explained)) {
        expect({ name, seqScan: /Seq Scan on queue_messages/.test(plan) }).toEqual({ name, seqScan: false });
        // Every index scan of queue_messages is bounded by a condition, not a walk of the whole index.
        const lines = plan.split('\n');
        const unbounded = lines.filter(
          (l, i) => /Index (Only )?Scan .*on queue_messages/.test(l) && !/Index Cond:/.test(lines[i + 1] ?? ''),
        );
        expect({ name, unbounded }).toEqual({ name, unbounded: [] });
      }
    } finally {
      await client.query('RESET plan_cache_mode').catch(() => undefined);
      client.release();
    }
  });
});
