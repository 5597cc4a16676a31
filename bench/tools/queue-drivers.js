'use strict';
/**
 * `node bench/tools/queue-drivers.js` (after `npm run build`): the two queue drivers side by side,
 * through the messaging port the services use. Per driver: publish QUEUE_BENCH_MESSAGES
 * messages in chunks of 500 with confirms pipelined (as fan-out does), consume them with
 * prefetch 64 and a handler that only acks, then the latency of one message through an idle
 * consumer (publish -> handler), QUEUE_BENCH_PINGS times in a row. Database herald_bench_queue
 * is recreated and migrated; the broker is used when one answers (QUEUE_BENCH_AMQP_URL).
 */
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const amqp = require('amqplib');
const { migrate } = require('../../libs/db/dist');
const { PgQueue, RabbitMqQueue, TopologyNames, brokerAnswers } = require('../../libs/messaging/dist');
const { createLogger } = require('../../libs/logger/dist');

const MESSAGES = Number(process.env.QUEUE_BENCH_MESSAGES ?? 10_000);
const PINGS = Number(process.env.QUEUE_BENCH_PINGS ?? 200);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AMQP_URL = process.env.QUEUE_BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const logger = createLogger('bench', 'warn');
const policy = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 4000 };

async function freshDatabase() {
  const url = new URL(ADMIN_URL);
  url.pathname = '/herald_bench_queue';
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS herald_bench_queue WITH (FORCE)');
  await admin.end();
  await migrate(url.toString());
  return url.toString();
}

function open(driver, databaseUrl, names) {
  if (driver === 'postgres') return PgQueue.start({ url: databaseUrl, names, logger, connectionName: 'bench', leaseMs: 30_000 });
  return RabbitMqQueue.start({
    url: AMQP_URL,
    names,
    retryPolicies: { email: policy, sms: policy, webhook: policy },
    logger,
    connectionName: 'bench',
  });
}

/** A run's queues and exchanges, so runs do not pile up on the broker. */
async function deleteBrokerTopology(queues, names) {
  const conn = await amqp.connect(AMQP_URL);
  try {
    const ch = await conn.createChannel();
    for (const q of queues) await ch.deleteQueue(q);
    for (const x of [names.eventsExchange, names.deliveriesExchange]) await ch.deleteExchange(x);
    await ch.close();
  } finally {
    await conn.close();
  }
}

async function measure(driver, databaseUrl) {
  const names = new TopologyNames(`bench-${randomBytes(3).toString('hex')}.`);
  const queue = await open(driver, databaseUrl, names);
  await queue.ready();
  const target = names.deliveryQueue('webhook');
  const body = { kind: 'notification.deliver', notification_id: randomBytes(16).toString('hex'), attempt: 1 };

  let started = process.hrtime.bigint();
  for (let i = 0; i < MESSAGES; i += 500) {
    const chunk = Math.min(500, MESSAGES - i);
    await Promise.all(Array.from({ length: chunk }, () => queue.publish(names.deliveriesExchange, 'webhook', body)));
  }
  const publishS = Number(process.hrtime.bigint() - started) / 1e9;

  let handled = 0;
  let drained;
  const allHandled = new Promise((resolve) => (drained = resolve));
  let onPing;
  const consumer = queue.consumer({
    queue: target,
    prefetch: 64,
    logger,
    handle: async (msg) => {
      if (msg.body.toString() === 'ping') onPing?.();
      else if (++handled === MESSAGES) drained();
      return 'ack';
    },
  });
  started = process.hrtime.bigint();
  await consumer.start();
  await allHandled;
  const consumeS = Number(process.hrtime.bigint() - started) / 1e9;

  const latencies = [];
  for (let i = 0; i < PINGS; i++) {
    const arrived = new Promise((resolve) => (onPing = resolve));
    const t0 = process.hrtime.bigint();
    await queue.publish('', target, Buffer.from('ping'));
    await arrived;
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  await consumer.stop();
  if (driver === 'postgres') await queue.purge();
  const queues = queue.topologyQueues();
  await queue.close();
  if (driver === 'rabbitmq') await deleteBrokerTopology(queues, names);
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  return {
    driver,
    publish_per_s: Math.round(MESSAGES / publishS),
    consume_per_s: Math.round(MESSAGES / consumeS),
    latency_ms: { p50: pct(0.5), p95: pct(0.95), max: latencies.at(-1).toFixed(1) },
  };
}

async function main() {
  const databaseUrl = await freshDatabase();
  const drivers = ['postgres'];
  if (await brokerAnswers(AMQP_URL)) drivers.unshift('rabbitmq');
  else process.stdout.write(`rabbitmq not measured: no broker answers on ${new URL(AMQP_URL).host}\n`);
  const rows = [];
  for (const driver of drivers) rows.push(await measure(driver, databaseUrl));
  process.stdout.write(`${MESSAGES} messages, prefetch 64, ${PINGS} pings\n`);
  console.table(rows.map((r) => ({ ...r, latency_ms: `p50 ${r.latency_ms.p50} / p95 ${r.latency_ms.p95} / max ${r.latency_ms.max}` })));
  process.stdout.write(`${JSON.stringify(rows)}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  },
);
