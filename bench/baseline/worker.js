'use strict';
/**
 * Bare pipeline, process 3 of 3: the webhook worker.
 *
 * Per delivery message: POST {event_type, payload, notification_id, timestamp} (Herald's field
 * order) to the webhook_url over a keep-alive agent, signed as Herald signs it
 * (X-Herald-Signature-256: sha256=<hex HMAC-SHA256(secret, raw body)>). A 2xx puts the id in the
 * pending batch; the batch is flushed in one UPDATE every FLUSH_MS or FLUSH_N ids, and its
 * messages are acked only after that UPDATE committed, so an acked delivery is recorded. A crash
 * in between redelivers the message: the POST is repeated (at least once) unless the row already
 * says delivered, which is checked only for redelivered or re-published messages.
 * No retry ladder, no circuit breaker, no per-project secrets, no SSRF guard.
 *
 * env: BARE_DATABASE_URL, BARE_AMQP_URL, BARE_DELIVERIES_QUEUE, BARE_DB_POOL, BARE_PREFETCH, BARE_SIGNING_SECRET
 * IPC out: {ready: true} once consuming.
 */
const http = require('node:http');
const { createHmac } = require('node:crypto');
const { Pool } = require('pg');
const { connectBroker } = require('./broker');

const env = process.env;
const PREFETCH = Number(env.BARE_PREFETCH || 64);
const SECRET = env.BARE_SIGNING_SECRET || '';
// Half the prefetch, so the next batch fills while one is being written; 5 ms as Herald's relay coalesces.
const FLUSH_N = Math.max(1, Math.floor(PREFETCH / 2));
const FLUSH_MS = 5;
const RETRY_MS = 1000;
const TIMEOUT_MS = 10_000;

const pool = new Pool({ connectionString: env.BARE_DATABASE_URL, max: Number(env.BARE_DB_POOL || 10) });
const agent = new http.Agent({ keepAlive: true, maxSockets: PREFETCH });

const MARK = `UPDATE bare_notifications SET delivered_at = now() WHERE id = ANY($1::uuid[])`;
const ALREADY = `SELECT 1 FROM bare_notifications WHERE id = $1 AND delivered_at IS NOT NULL`;

/** Resolves with the status code (0 on a network error); the response body is drained so the socket is reused. */
function post(url, body) {
  return new Promise((resolve) => {
    const signature = 'sha256=' + createHmac('sha256', SECRET).update(body).digest('hex');
    const req = http.request(url, {
      agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-herald-signature-256': signature },
    });
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function main() {
  const conn = await connectBroker(env.BARE_AMQP_URL);
  conn.on('close', () => process.exit(1)); // crash-only: unacked deliveries are redelivered to the next process
  const ch = await conn.createChannel();
  await ch.prefetch(PREFETCH);

  let pending = []; // [notification id, message] POSTed but not yet recorded
  let timer = null;
  function flush() {
    clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    pool.query(MARK, [batch.map((p) => p[0])]).then(
      () => batch.forEach((p) => ch.ack(p[1])),
      (err) => {
        console.error(`worker: recording deliveries failed: ${err.message}`);
        batch.forEach((p) => ch.nack(p[1], false, true));
      },
    );
  }
  function delivered(id, msg) {
    pending.push([id, msg]);
    if (pending.length >= FLUSH_N) flush();
    else if (!timer) timer = setTimeout(flush, FLUSH_MS);
  }

  async function handle(msg) {
    const d = JSON.parse(msg.content.toString('utf8'));
    const headers = msg.properties.headers || {};
    if ((msg.fields.redelivered || headers['x-bare-recheck']) && (await pool.query(ALREADY, [d.notification_id])).rowCount) {
      return ch.ack(msg); // delivered and recorded by an earlier attempt
    }
    const body = Buffer.from(
      JSON.stringify({
        event_type: d.event_type,
        payload: d.payload,
        notification_id: d.notification_id,
        timestamp: new Date().toISOString(),
      }),
    );
    const status = await post(d.webhook_url, body);
    if (status >= 200 && status < 300) delivered(d.notification_id, msg);
    else setTimeout(() => ch.nack(msg, false, true), RETRY_MS); // back to the queue after a pause
  }

  await ch.consume(env.BARE_DELIVERIES_QUEUE, (msg) => {
    if (!msg) return process.exit(1); // the queue was deleted under us
    handle(msg).catch((err) => {
      console.error(`worker: ${err.message}`);
      setTimeout(() => ch.nack(msg, false, true), RETRY_MS);
    });
  });
  if (process.send) process.send({ ready: true });
}

process.once('SIGTERM', () => process.exit(0)); // unacked deliveries come back; acked ones are recorded
process.once('SIGINT', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
pool.on('error', () => undefined);

main().catch((err) => {
  console.error(`bare-worker: ${err.stack || err}`);
  process.exit(1);
});
