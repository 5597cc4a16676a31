'use strict';
/**
 * Bare pipeline, process 2 of 3: fan-out.
 *
 * Per batch of event messages (those that arrived in one turn of the event loop, up to the
 * prefetch): one INSERT writing every recipient's notification row of every event (unnest), one
 * persistent message per notification on the deliveries queue, all publishes pipelined on a
 * confirm channel, then each event's ack. One statement per batch instead of per event, as
 * Herald's fan-out batches its inserts. A crash before the ack redelivers the event; the unique
 * (event_id, idx) makes the INSERT return the rows already written instead of new ones, so a
 * notification keeps its id and is published again (at least once), marked for the worker to
 * check before POSTing it a second time.
 *
 * env: BARE_DATABASE_URL, BARE_AMQP_URL, BARE_EVENTS_QUEUE, BARE_DELIVERIES_QUEUE, BARE_DB_POOL, BARE_PREFETCH
 * IPC out: {ready: true} once consuming.
 */
const { setImmediate } = require('node:timers');
const { Pool } = require('pg');
const { connectBroker } = require('./broker');

const env = process.env;
const PREFETCH = Number(env.BARE_PREFETCH || 32);
const RETRY_MS = 1000;

const pool = new Pool({ connectionString: env.BARE_DATABASE_URL, max: Number(env.BARE_DB_POOL || 10) });

// DO UPDATE (a no-op) rather than DO NOTHING so that a repeat still RETURNs the existing rows;
// xmax is non-zero only on a row this statement updated, i.e. one an earlier attempt inserted.
const INSERT = `INSERT INTO bare_notifications (event_id, idx, webhook_url)
 SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[])
 ON CONFLICT (event_id, idx) DO UPDATE SET idx = EXCLUDED.idx
 RETURNING id, event_id, webhook_url, xmax <> 0 AS repeated`;

async function main() {
  const conn = await connectBroker(env.BARE_AMQP_URL);
  conn.on('close', () => process.exit(1)); // crash-only: unacked events are redelivered to the next process
  const sub = await conn.createChannel();
  const pub = await conn.createConfirmChannel(); // separate, so publisher flow control never stalls acks
  await sub.prefetch(PREFETCH);

  const publish = (body, headers) =>
    new Promise((resolve, reject) =>
      pub.publish('', env.BARE_DELIVERIES_QUEUE, Buffer.from(JSON.stringify(body)), { persistent: true, headers }, (err) =>
        err ? reject(err) : resolve(),
      ),
    );

  async function handle(msgs) {
    const events = msgs.map((msg) => JSON.parse(msg.content.toString('utf8')));
    const byId = new Map(events.map((e) => [e.event_id, e]));
    const columns = [[], [], []];
    // An event the relay published twice may come twice in one batch: its rows once per statement.
    for (const event of byId.values()) {
      // Webhooks only: the one channel this pipeline has.
      const urls = event.recipients.map((r) => r.webhook_url).filter(Boolean);
      urls.forEach((url, i) => {
        columns[0].push(event.event_id);
        columns[1].push(i + 1);
        columns[2].push(url);
      });
    }
    const { rows } = await pool.query(INSERT, columns);
    await Promise.all(
      rows.map((n) => {
        const event = byId.get(n.event_id);
        return publish(
          { notification_id: n.id, event_type: event.event_type, payload: event.payload, webhook_url: n.webhook_url },
          n.repeated ? { 'x-bare-recheck': true } : undefined,
        );
      }),
    );
    for (const msg of msgs) sub.ack(msg);
  }

  let batch = [];
  await sub.consume(env.BARE_EVENTS_QUEUE, (msg) => {
    if (!msg) return process.exit(1); // the queue was deleted under us
    if (batch.length === 0) {
      setImmediate(() => {
        const msgs = batch;
        batch = [];
        handle(msgs).catch((err) => {
          console.error(`fanout: ${err.message}`);
          setTimeout(() => msgs.forEach((m) => sub.nack(m, false, true)), RETRY_MS);
        });
      });
    }
    batch.push(msg);
  });
  if (process.send) process.send({ ready: true });
}

process.once('SIGTERM', () => process.exit(0)); // nothing acked is lost, nothing unacked is either
process.once('SIGINT', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
pool.on('error', () => undefined);

main().catch((err) => {
  console.error(`bare-fanout: ${err.stack || err}`);
  process.exit(1);
});
