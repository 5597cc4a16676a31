'use strict';
/**
 * Bare pipeline, process 1 of 3: the HTTP intake and the outbox relay, as in Herald's api.
 *
 * POST /events -> JSON.parse -> one INSERT statement (a CTE writing the event row and its outbox
 * row, one implicit transaction) -> 202 {id}. Nothing else: no auth, no validation beyond what
 * keeps the process alive, no idempotency keys, no logging per request. Requests that arrive
 * while earlier statements are running share one statement (group commit, as Herald's intake
 * coalescer does): at 32 publishers a commit per event spends the database on WAL flushes. A
 * request is answered only once the statement holding its rows has committed.
 *
 * The relay moves outbox rows to the events queue: claim a batch (DELETE ... RETURNING inside a
 * transaction, rows locked with SKIP LOCKED), publish them all pipelined on a confirm channel,
 * COMMIT only once every publish is confirmed. A crash before COMMIT rolls the DELETE back, so the
 * rows are published again (at least once; fan-out tolerates the repeat). It is woken in-process
 * after each commit (as Herald's relay is kicked by its writers) and polls every POLL_MS for rows
 * an earlier process left behind.
 *
 * env: BARE_DATABASE_URL, BARE_AMQP_URL, BARE_EVENTS_QUEUE, BARE_DB_POOL
 * IPC out: {ready: true, port} once the server listens and the relay has its channel.
 */
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { setImmediate } = require('node:timers');
const { Pool, Client } = require('pg');
const { connectBroker } = require('./broker');

const env = process.env;
const QUEUE = env.BARE_EVENTS_QUEUE;
const BATCH = 500; // Herald's OUTBOX_BATCH_SIZE default
const POLL_MS = 1000; // Herald's OUTBOX_POLL_INTERVAL_MS default

const pool = new Pool({ connectionString: env.BARE_DATABASE_URL, max: Number(env.BARE_DB_POOL || 10) });

const INSERT = `WITH e AS (
   INSERT INTO bare_events (id, event_type, payload, recipients)
   SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::jsonb[])
 )
 INSERT INTO bare_outbox (event_id) SELECT unnest($1::uuid[])`;
/** Statements in flight at once; what arrives meanwhile waits to share the next one. */
const MAX_IN_FLIGHT = 4;
const MAX_ROWS = 256;

// The outbox row only names the event; the relay reads the event in the same statement that
// claims it, so the hot path writes the payload once.
const CLAIM = `DELETE FROM bare_outbox o USING bare_events e
 WHERE o.id IN (SELECT id FROM bare_outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) AND e.id = o.event_id
 RETURNING e.id, e.event_type, e.payload, e.recipients`;

function reply(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/events') return reply(res, 404, { error: 'not found' });
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(res, 400, { error: 'invalid JSON' });
    }
    if (!body || !Array.isArray(body.recipients)) return reply(res, 400, { error: 'recipients must be an array' });
    const id = randomUUID();
    // Stringified here: pg would bind a JS array as a PostgreSQL array, not as JSON.
    intake.add({
      id,
      type: String(body.event_type),
      payload: JSON.stringify(body.payload ?? {}),
      recipients: JSON.stringify(body.recipients),
      res,
    });
  });
});

/** Group commit: one statement for the requests waiting when a statement slot is free. */
const intake = {
  waiting: [],
  inFlight: 0,
  scheduled: false,
  add(row) {
    this.waiting.push(row);
    if (!this.scheduled && this.inFlight < MAX_IN_FLIGHT) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  },
  flush() {
    this.scheduled = false;
    if (this.waiting.length === 0 || this.inFlight >= MAX_IN_FLIGHT) return;
    const rows = this.waiting.splice(0, MAX_ROWS);
    this.inFlight++;
    if (this.waiting.length && this.inFlight < MAX_IN_FLIGHT) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    const columns = [rows.map((r) => r.id), rows.map((r) => r.type), rows.map((r) => r.payload), rows.map((r) => r.recipients)];
    pool
      .query(INSERT, columns)
      .then(
        () => {
          for (const r of rows) reply(r.res, 202, { id: r.id });
          relay.kick();
        },
        (err) => rows.forEach((r) => reply(r.res, 503, { error: err.message })),
      )
      .finally(() => {
        this.inFlight--;
        if (this.waiting.length && !this.scheduled) this.flush();
      });
  },
};
// Same keep-alive posture as the receiver: publishers hold their sockets for the whole run.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 70_000;

const relay = {
  running: false,
  again: false,
  db: null,
  ch: null,

  /** Called after every commit; coalesces into the loop already running, if one is. */
  kick() {
    if (this.running) this.again = true;
    else this.loop();
  },

  async loop() {
    this.running = true;
    try {
      do {
        this.again = false;
        // A full batch means more may be waiting: go round again without waiting for a kick.
        if ((await this.pass()) === BATCH) this.again = true;
      } while (this.again);
    } catch (err) {
      // The connection or channel is gone: exit and let the orchestrator (or the operator)
      // restart us; the outbox still holds every row that was not committed as relayed.
      console.error(`relay: ${err.stack || err}`);
      process.exit(1);
    } finally {
      this.running = false;
    }
  },

  async pass() {
    await this.db.query('BEGIN');
    try {
      const { rows } = await this.db.query(CLAIM, [BATCH]);
      const confirms = rows.map(
        (e) =>
          new Promise((resolve, reject) => {
            const msg = { event_id: e.id, event_type: e.event_type, payload: e.payload, recipients: e.recipients };
            this.ch.publish('', QUEUE, Buffer.from(JSON.stringify(msg)), { persistent: true, contentType: 'application/json' }, (err) =>
              err ? reject(err) : resolve(),
            );
          }),
      );
      await Promise.all(confirms); // pipelined: every publish is on the wire before the first confirm
      await this.db.query('COMMIT');
      return rows.length;
    } catch (err) {
      await this.db.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  },
};

async function main() {
  relay.db = new Client({ connectionString: env.BARE_DATABASE_URL, application_name: 'bare-relay' });
  await relay.db.connect();
  const conn = await connectBroker(env.BARE_AMQP_URL);
  conn.on('close', () => process.exit(1)); // crash-only: losing the broker ends the process
  relay.ch = await conn.createConfirmChannel();
  setInterval(() => relay.kick(), POLL_MS).unref();
  relay.kick(); // rows a previous process left behind
  server.listen(0, '127.0.0.1', () => process.send && process.send({ ready: true, port: server.address().port }));
}

// Every acknowledged write is already durable, so stopping needs no drain.
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
pool.on('error', () => undefined); // an idle client dropped by the server; the next query reconnects

main().catch((err) => {
  console.error(`bare-ingest: ${err.stack || err}`);
  process.exit(1);
});
