'use strict';
/**
 * The bare pipeline (issue 12): the durable hops Herald makes for a webhook, with none of its
 * features, so that `npm run bench` can show what Herald's end-to-end throughput costs over the
 * least that the same design (PostgreSQL outbox, RabbitMQ quorum queues, at-least-once delivery)
 * can do on the same machine.
 *
 *   ingest.js  POST /events -> one INSERT (event + outbox row) -> 202; relay -> events queue
 *   fanout.js  events queue -> one INSERT of every notification row -> one message each
 *   worker.js  deliveries queue -> signed POST over keep-alive -> batched UPDATE -> ack
 *
 * start() creates the bare_ tables (idempotent) in the database it is given and the two durable
 * quorum queues (named with `prefix`, declared like libs/messaging declares Herald's work
 * queues, minus the dead-letter and delivery-limit arguments that serve Herald's features),
 * forks the three processes with the caller's Child class (bench/run.js) and waits for each to
 * report {ready: true}. stop() ends the processes and deletes the queues; the tables stay, with
 * the rest of the caller's database.
 */
const path = require('node:path');
const { Client } = require('pg');
const amqp = require('amqplib');

const SCHEMA = `
CREATE TABLE IF NOT EXISTS bare_events (
  id uuid PRIMARY KEY,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  recipients jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS bare_outbox (
  id bigserial PRIMARY KEY,
  event_id uuid NOT NULL
);
CREATE TABLE IF NOT EXISTS bare_notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id uuid NOT NULL,
  idx int NOT NULL,
  webhook_url text NOT NULL,
  delivered_at timestamptz,
  UNIQUE (event_id, idx)
);`;

async function createSchema(databaseUrl) {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    // IF NOT EXISTS still races on the catalog when two callers create at once; the lock serialises them.
    await c.query('BEGIN');
    await c.query("SELECT pg_advisory_xact_lock(hashtext('bare_pipeline_schema'))");
    await c.query(SCHEMA);
    await c.query('COMMIT');
  } finally {
    await c.end();
  }
}

async function withChannel(amqpUrl, fn) {
  const conn = await amqp.connect(amqpUrl);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    return await fn(ch);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/**
 * nodeArgs (optional) goes to every child, e.g. ['--cpu-prof', '--cpu-prof-dir=...'] as run.js
 * profiles Herald's services. `roles` is live: stop() stops whatever child a role holds then, so a
 * caller that restarts one (try.js --kill) puts the new child there.
 * The queues are declared before the processes start and deleted only after they stopped: the
 * processes publish through the default exchange, where a missing queue would drop messages.
 */
async function start({
  databaseUrl,
  amqpUrl,
  prefix,
  signingSecret,
  dbPool = 10,
  fanoutPrefetch = 32,
  workerPrefetch = 64,
  Child,
  log,
  nodeArgs = [],
}) {
  const say = log || (() => undefined);
  const queues = { events: `${prefix}bare.events`, deliveries: `${prefix}bare.deliveries` };
  await createSchema(databaseUrl);
  await withChannel(amqpUrl, async (ch) => {
    for (const q of Object.values(queues)) await ch.assertQueue(q, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  });

  const base = {
    ...process.env,
    BARE_DATABASE_URL: databaseUrl,
    BARE_AMQP_URL: amqpUrl,
    BARE_EVENTS_QUEUE: queues.events,
    BARE_DELIVERIES_QUEUE: queues.deliveries,
    BARE_DB_POOL: String(dbPool),
  };
  const specs = [
    ['bare-ingest', 'ingest.js', {}],
    ['bare-fanout', 'fanout.js', { BARE_PREFETCH: String(fanoutPrefetch) }],
    ['bare-worker', 'worker.js', { BARE_PREFETCH: String(workerPrefetch), BARE_SIGNING_SECRET: signingSecret }],
  ];
  const roles = {};

  async function stop() {
    await Promise.all(Object.values(roles).map((c) => c.stop()));
    await withChannel(amqpUrl, async (ch) => {
      for (const q of Object.values(queues)) await ch.deleteQueue(q);
    }).catch((err) => say(`bare pipeline: could not delete its queues: ${err.message}`));
  }

  try {
    // The queues exist already, so the start order does not matter: all three at once.
    for (const [name, file, extra] of specs) {
      roles[name] = new Child(name, path.join(__dirname, file), [], { ...base, ...extra }, { ipc: true, nodeArgs });
    }
    const ready = await Promise.all(Object.values(roles).map((c) => c.message((m) => m && m.ready, 20_000)));
    const url = `http://127.0.0.1:${ready[Object.keys(roles).indexOf('bare-ingest')].port}`;
    say(`bare pipeline up at ${url} (queues ${queues.events}, ${queues.deliveries})`);
    return { url, roles, queues, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

module.exports = { start };
