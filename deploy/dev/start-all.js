#!/usr/bin/env node
/*
 * `npm start`: finds or starts PostgreSQL (below), applies migrations (creating the database if
 * needed), then supervises every
 * service as its own process with its output prefixed by the service name (supervisor.js): a
 * service that dies is restarted with backoff. SIGINT/SIGTERM are passed on so each service
 * drains its in-flight work; the launcher exits when all of them have.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { Supervisor } = require('./supervisor');
const { answers, defaultAddress, embeddedSettings, startEmbeddedPostgres } = require('./embedded-postgres');

const root = path.resolve(__dirname, '..', '..');
const SERVICES = ['api', 'fanout', 'webhook-worker', 'email-worker', 'sms-worker', 'scheduler'];
const width = Math.max(...SERVICES.map((s) => s.length));
/**
 * Workers that cannot run without a provider's credentials are left out, with one line saying
 * so, when those are unset: a local `npm start` works without a Twilio account, and SMS
 * deliveries wait in their queue (nothing is lost) until the worker runs.
 */
const NEEDS = { 'sms-worker': ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] };
const STARTED = SERVICES.filter((name) => {
  const unset = (NEEDS[name] ?? []).filter((variable) => !process.env[variable]);
  if (unset.length) process.stderr.write(`${name.padEnd(width)} | not started: ${unset.join(', ')} unset\n`);
  return unset.length === 0;
});

/**
 * DATABASE_URL set: used as configured, an unreachable one is the services' error (never a
 * fallback). Unset: the configuration's default address when something answers there, else an
 * embedded PostgreSQL with its data under the project (HERALD_EMBEDDED_POSTGRES_DIR, _PORT).
 * Returns how to stop what was started here, or null.
 */
async function database() {
  const probed = defaultAddress(process.env);
  if (process.env.DATABASE_URL || (await answers(probed))) return null;
  const { dir, port } = embeddedSettings(process.env, root);
  const say = (line) => process.stderr.write(`${'postgres'.padEnd(width)} | ${line}\n`);
  const embedded = await startEmbeddedPostgres({ dir, port, say });
  // Every service (and migrate) inherits this environment.
  process.env.DATABASE_URL = embedded.url;
  say(
    `embedded PostgreSQL on 127.0.0.1:${port} (DATABASE_URL unset, nothing answers on ${probed}), ` +
      `data in ${path.relative(process.cwd(), embedded.dataDir) || embedded.dataDir}${embedded.firstStart ? ' (new)' : ''}`,
  );
  return embedded;
}

/**
 * One queue driver for every service, chosen here once: a service restarted while the broker is
 * briefly down must not pick postgres while its peers stay on RabbitMQ. The services then log
 * QUEUE_DRIVER as their reason; this line says why it was chosen.
 */
async function chooseQueueDriver() {
  if (process.env.QUEUE_DRIVER || process.env.AMQP_URL) return;
  const { brokerAnswers } = require(path.join(root, 'libs/messaging/dist/select-driver.js'));
  const reachable = await brokerAnswers('amqp://127.0.0.1:5672');
  process.env.QUEUE_DRIVER = reachable ? 'rabbitmq' : 'postgres';
  const why = reachable
    ? 'a broker answers on 127.0.0.1:5672'
    : 'QUEUE_DRIVER and AMQP_URL are unset and no broker answers on 127.0.0.1:5672';
  process.stdout.write(`herald: queue driver ${process.env.QUEUE_DRIVER} for every service (${why})\n`);
}

let supervisor = null;
let stopping = null;
// Ctrl-C (SIGINT reaches the whole process group) or SIGTERM: drain every service, restart none.
// The embedded PostgreSQL has its own process group, so it outlives the services' drain.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping ??= signal;
    supervisor?.stop(`${signal}: stopping every service`);
  });
}

/**
 * Each service's operations port (/metrics, /livez, /readyz): consecutive from OPS_PORT in the
 * order of SERVICES, whether or not each one runs, so a port always means the same service.
 * OPS_PORT=0 gives every service a free port of its own (tests run several Heralds side by side).
 */
function opsPorts() {
  const base = Number(process.env.OPS_PORT ?? 9464);
  if (!Number.isInteger(base) || base < 0 || base + SERVICES.length - 1 > 65535) {
    process.stderr.write(`herald: configuration error: OPS_PORT must be a port number (0-${65535 - SERVICES.length + 1})\n`);
    process.exit(78);
  }
  const ports = Object.fromEntries(SERVICES.map((name, i) => [name, base === 0 ? 0 : base + i]));
  if (base !== 0) {
    const list = STARTED.map((name) => `${name} ${ports[name]}`).join(', ');
    process.stdout.write(`herald: /metrics, /livez and /readyz on ${list}\n`);
  }
  return ports;
}

/**
 * Node 24 doubled V8's default young generation (32 MB semi-spaces, from 16 on Node 20): the api
 * and the webhook worker then peaked at ~238 MB under the bench's bursts. With 8 MB semi-spaces the
 * api peaks at 132-155 MB (149-170 at 16 MB) for the same CPU per event at fan-out 1 within this
 * machine's noise (docs/benchmarks.md). A value in the caller's NODE_OPTIONS comes after it, so
 * it wins.
 */
const YOUNG_GENERATION = '--max-semi-space-size=8';
function nodeOptions() {
  return [YOUNG_GENERATION, process.env.NODE_OPTIONS].filter(Boolean).join(' ');
}

async function main() {
  // A bad OPS_PORT stops everything before anything has started.
  const ports = opsPorts();
  let embedded = null;
  try {
    embedded = await database();
  } catch (err) {
    process.stderr.write(`herald: cannot start embedded PostgreSQL: ${err.message}\n`);
    process.exit(1);
  }
  const exit = async (code) => {
    if (embedded) await embedded.stop();
    process.exit(code);
  };
  if (stopping) return exit(0);

  const migrated = spawnSync(process.execPath, [path.join(root, 'services/api/dist/cli/main.js'), 'migrate'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (migrated.status !== 0 || stopping) return exit(migrated.status ?? 1);
  await chooseQueueDriver();

  supervisor = new Supervisor({
    services: STARTED.map((name) => ({
      name,
      args: [path.join(root, 'services', name, 'dist', 'main.js')],
      env: { OPS_PORT: String(ports[name]), NODE_OPTIONS: nodeOptions() },
    })),
    cwd: root,
    out: process.stdout,
    err: process.stderr,
    onExit: (code) => void exit(code),
    width,
  });
  supervisor.start();
}

void main();
