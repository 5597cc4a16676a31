'use strict';
/**
 * `node bench/tools/api-alone.js` (after `npm run build`): the api by itself under POST /events, to
 * A/B a change to intake. The end-to-end bench moves +-10-15% between runs on these VMs; this
 * measures one process and PostgreSQL, and alternated runs agree within a few percent.
 *
 * One api process (QUEUE_DRIVER as set, rabbitmq by default) on a fresh database; no fan-out or
 * worker runs, so the relayed event messages wait in their queues, deleted at the end with the
 * database. Unmeasured warm-up first (the api's first thousands of requests cost two to three
 * times the rest: JIT tiers, lazily compiled validators), then the measured burst. Prints one
 * JSON line: events/s, CPU milliseconds per accepted event of the api and of PostgreSQL, and the
 * api's peak RSS.
 *
 * Env: API_ALONE_FANOUT [10] webhook recipients per event, API_ALONE_EVENTS [8000],
 * API_ALONE_WARMUP [3000], API_ALONE_CONNECTIONS [32], QUEUE_DRIVER [rabbitmq], AMQP_URL,
 * BENCH_PG_ADMIN_URL, BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const amqp = require('amqplib');
const { Child, stopAll, setLogDir, ROOT } = require('../lib/child');
const { cpuSample, peakRssMb, setDatabaseName } = require('../lib/sampling');
const { freePort, httpGet, round, sleep } = require('../lib/stats');
const { cli } = require('../lib/herald-stack');

const env = process.env;
const num = (name, def) => (env[name] ? Number(env[name]) : def);
const FANOUT = num('API_ALONE_FANOUT', 10);
const EVENTS = num('API_ALONE_EVENTS', 8000);
const WARMUP = num('API_ALONE_WARMUP', 3000);
const CONNECTIONS = num('API_ALONE_CONNECTIONS', 32);
const DRIVER = env.QUEUE_DRIVER || 'rabbitmq';
const ADMIN_URL = env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const AMQP_URL = env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const DB_NAME = 'herald_bench_api';
const NAMESPACE = `bench-api-${randomBytes(3).toString('hex')}.`;

const databaseUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
};

const serviceEnv = {
  ...env,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl(),
  AMQP_URL,
  AMQP_NAMESPACE: NAMESPACE,
  QUEUE_DRIVER: DRIVER,
  LOG_LEVEL: 'warn',
  OPS_PORT: '0',
  SSRF_ALLOW_CIDRS: '127.0.0.0/8',
  HERALD_SECRETS_KEY: randomBytes(32).toString('base64'),
  // One key drives the whole load: the per-key limit would measure itself.
  RATE_LIMIT_PER_SECOND: '0',
};

async function admin(sql) {
  const c = new Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function deleteBrokerTopology() {
  if (DRIVER !== 'rabbitmq') return;
  const { TopologyNames, topologyQueues } = require('@herald/messaging');
  const { loadConfig } = require('@herald/config');
  const names = new TopologyNames(NAMESPACE);
  const conn = await amqp.connect(AMQP_URL);
  try {
    const ch = await conn.createChannel();
    for (const q of topologyQueues(names, loadConfig(serviceEnv).retryPolicies)) await ch.deleteQueue(q);
    for (const x of [names.eventsExchange, names.deliveriesExchange]) await ch.deleteExchange(x);
    await ch.close();
  } finally {
    await conn.close();
  }
}

function eventBody(seq) {
  const recipients = Array.from({ length: FANOUT }, (_, r) => ({ channels: ['webhook'], webhook_url: `http://127.0.0.1:9/hook?r=${r}` }));
  return JSON.stringify({ event_type: 'bench', recipients, payload: { seq }, inline: { html: '<p>x</p>' } });
}

function poster(eventsUrl, apiKey) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const post = (seq) =>
    new Promise((resolve, reject) => {
      const body = eventBody(seq);
      const req = http.request(
        eventsUrl,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-api-key': apiKey },
        },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 202 ? resolve() : reject(new Error(`POST /events answered ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return async (count) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < count) await post(next++);
      }),
    );
  };
}

async function main() {
  setLogDir(fs.mkdtempSync(path.join(os.tmpdir(), 'herald-api-alone-')));
  setDatabaseName(DB_NAME);
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  let api;
  try {
    cli(['migrate'], serviceEnv);
    const project = cli(['bootstrap', '--name', 'bench-api'], serviceEnv);
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}/api/v1`;
    const nodeArgs = (env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean);
    api = new Child('api', path.join(ROOT, 'services/api/dist/main.js'), [], { ...serviceEnv, PORT: String(port) }, { nodeArgs });
    while ((await httpGet(`${apiUrl}/health`)) !== 200) {
      if (!api.alive) throw new Error(api.describeExit());
      await sleep(200);
    }
    const burst = poster(`${apiUrl}/events`, project.api_key);
    await burst(WARMUP);
    await sleep(1000); // the relay drains what the warm-up left
    const sampleStarted = process.hrtime.bigint();
    const end = cpuSample(() => ({ api: api.pid }));
    await burst(EVENTS);
    const seconds = Number(process.hrtime.bigint() - sampleStarted) / 1e9;
    await sleep(500); // the relay's last pass belongs to these events
    const cores = end().cores_used;
    const sampled = Number(process.hrtime.bigint() - sampleStarted) / 1e9;
    // Cores over the sample -> CPU milliseconds per event; the PostgreSQL figure is this
    // database's backends (the server's background processes are shared, and left out).
    const perEvent = (role) => round(((cores[role] || 0) * sampled * 1000) / EVENTS, 3);
    process.stdout.write(
      `${JSON.stringify({
        driver: DRIVER,
        fanout: FANOUT,
        events: EVENTS,
        events_per_s: Math.round(EVENTS / seconds),
        api_cpu_ms_per_event: perEvent('api'),
        postgres_cpu_ms_per_event: perEvent('postgres'),
        api_peak_rss_mb: peakRssMb(api.pid),
      })}\n`,
    );
  } finally {
    if (api) await api.stop();
    await stopAll();
    await deleteBrokerTopology().catch((err) => process.stderr.write(`broker cleanup: ${err.message}\n`));
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack || err}\n`);
  process.exit(1);
});
