'use strict';
/**
 * `node bench/try-priority-fairness.js [rabbitmq|postgres ...]` (after `npm run build`): runs
 * bench/priority-fairness.js alone against a stack of its own, once per queue driver named
 * (both by default), while bench/run.js does not call it yet. Per driver: database
 * herald_bench_prio recreated and migrated, projects A and B bootstrapped, api, fanout and
 * webhook-worker started with bench/run.js's service settings and a fresh AMQP namespace, the
 * pipeline warmed up with one delivery, then the module's scenarios; the table on stdout, the
 * JSON in bench/results/priority-fairness-<timestamp>.json. Fan-out logs at info, so the log
 * directory shows which lane every event took ('event fanned out', lane).
 *
 * env: BENCH_PG_ADMIN_URL, AMQP_URL, BENCH_WEBHOOK_PREFETCH [64], BENCH_FANOUT_PREFETCH [32],
 * BENCH_DB_POOL [10], and the knobs of bench/priority-fairness.js.
 */
const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const { spawn, fork, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const amqp = require('amqplib');
const bench = require('./priority-fairness');

const ROOT = path.resolve(__dirname, '..');
const env = process.env;
const PG_ADMIN_URL = env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'herald_bench_prio';
const DATABASE_URL = new URL(PG_ADMIN_URL);
DATABASE_URL.pathname = `/${DB_NAME}`;
const AMQP_URL = env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const TAG = String(Date.now());
const LOG_DIR = path.join(os.tmpdir(), `herald-bench-prio-${TAG}`);
const SECRETS_KEY = randomBytes(32).toString('base64');
const entry = (s) => path.join(ROOT, `services/${s}/dist/main.js`);

const log = (...a) => process.stderr.write(`[prio ${new Date().toISOString().slice(11, 23)}] ${a.join(' ')}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const children = new Set();
class Child {
  constructor(name, file, childEnv, { ipc = false } = {}) {
    this.name = name;
    this.tail = [];
    const out = fs.createWriteStream(path.join(LOG_DIR, `${name}.log`), { flags: 'a' });
    const stdio = ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc'] : [])];
    this.proc = ipc
      ? fork(file, [], { env: childEnv, stdio, cwd: ROOT })
      : spawn(process.execPath, [file], { env: childEnv, stdio, cwd: ROOT });
    this.pid = this.proc.pid;
    const keep = (chunk) => {
      out.write(chunk);
      this.tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (this.tail.length > 20) this.tail.splice(0, this.tail.length - 20);
    };
    this.proc.stdout.on('data', keep);
    this.proc.stderr.on('data', keep);
    this.exitInfo = null;
    this.exited = new Promise((resolve) =>
      this.proc.on('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        children.delete(this);
        out.end();
        resolve();
      }),
    );
    children.add(this);
  }
  get alive() {
    return this.exitInfo === null;
  }
  describeExit() {
    return `${this.name} exited (${JSON.stringify(this.exitInfo)}):\n  ${this.tail.slice(-10).join('\n  ')}`;
  }
  message(predicate, timeoutMs) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`${this.name}: no answer within ${timeoutMs} ms`)), timeoutMs);
      const onMsg = (m) => predicate(m) && done(null, m);
      const onExit = () => done(new Error(this.describeExit()));
      const done = (err, m) => {
        clearTimeout(timer);
        this.proc.off('message', onMsg);
        this.proc.off('exit', onExit);
        if (err) reject(err);
        else resolve(m);
      };
      this.proc.on('message', onMsg);
      this.proc.once('exit', onExit);
    });
  }
  async stop() {
    if (!this.alive) return;
    this.proc.kill('SIGTERM');
    const t = setTimeout(() => this.alive && this.proc.kill('SIGKILL'), 8000);
    await this.exited;
    clearTimeout(t);
  }
}
process.on('exit', () => children.forEach((c) => c.alive && c.proc.kill('SIGKILL')));
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => Promise.all([...children].map((c) => c.stop())).finally(() => process.exit(130)));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function serviceEnv(driver, namespace, extra = {}) {
  return {
    ...env,
    NODE_ENV: 'production',
    QUEUE_DRIVER: driver,
    DATABASE_URL: DATABASE_URL.toString(),
    AMQP_URL,
    AMQP_NAMESPACE: namespace,
    LOG_LEVEL: 'warn',
    OPS_PORT: '0',
    SSRF_ALLOW_CIDRS: '127.0.0.0/8',
    HERALD_SECRETS_KEY: SECRETS_KEY,
    DB_POOL_SIZE: env.BENCH_DB_POOL || '10',
    FANOUT_PREFETCH: env.BENCH_FANOUT_PREFETCH || '32',
    WEBHOOK_PREFETCH: env.BENCH_WEBHOOK_PREFETCH || '64',
    RATE_LIMIT_PER_SECOND: '0',
    ...extra,
  };
}

function cli(args, childEnv) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'services/api/dist/cli/main.js'), ...args], {
    env: childEnv,
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`herald ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  for (const line of r.stdout.trim().split('\n').reverse()) {
    try {
      return JSON.parse(line);
    } catch {
      /* a log line */
    }
  }
  throw new Error(`herald ${args.join(' ')} printed no JSON`);
}

async function resetDatabase() {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await c.end();
  }
}

async function waitHealthy(child, url) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!child.alive) throw new Error(child.describeExit());
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} not healthy within 30 s`);
}

/** One delivery through the whole pipeline: every service is up and consuming. */
async function warmUp(apiUrl, apiKey, receiver, receiverUrl, services) {
  const run = `${TAG}-warmup`;
  const deadline = Date.now() + 60_000;
  const res = await fetch(`${apiUrl}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({
      event_type: 'bench.warmup',
      recipients: [{ channels: ['webhook'], webhook_url: `${receiverUrl}?r=0` }],
      payload: { bench_run: run, seq: 0 },
      inline: { html: '<p>x</p>' },
    }),
  });
  if (res.status !== 202) throw new Error(`warm-up POST answered ${res.status}: ${await res.text()}`);
  while (Date.now() < deadline) {
    const dead = services.find((s) => !s.alive);
    if (dead) throw new Error(dead.describeExit());
    const answer = receiver.message((m) => m.cmd === 'count' && m.run === run, 5000);
    receiver.proc.send({ cmd: 'count', run });
    if ((await answer).received > 0) return;
    await sleep(200);
  }
  throw new Error('warm-up delivery did not arrive within 60 s');
}

async function deleteQueues(namespace) {
  const { TopologyNames, topologyQueues } = require('@herald/messaging');
  const { loadConfig } = require('@herald/config');
  const names = new TopologyNames(namespace);
  const conn = await amqp.connect(AMQP_URL);
  conn.on('error', () => undefined);
  try {
    for (const q of topologyQueues(names, loadConfig(serviceEnv('rabbitmq', namespace)).retryPolicies)) {
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      await ch.deleteQueue(q).catch(() => undefined);
      await ch.close().catch(() => undefined);
    }
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    for (const x of [names.eventsExchange, names.deliveriesExchange]) await ch.deleteExchange(x).catch(() => undefined);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/**
 * The lane fan-out chose for every event (its 'event fanned out' info lines): per scenario, the
 * backlog events per lane with when their last delivery arrived, and the one-recipient events per lane.
 */
function lanesFromLog(result, file) {
  const lane = new Map();
  const single = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('event fanned out')) continue;
    const l = JSON.parse(line);
    lane.set(l.event_id, l.lane);
    if (l.notifications === 1) single[l.lane] = (single[l.lane] || 0) + 1;
  }
  const out = { one_recipient_events_per_lane: single };
  for (const name of ['fairness', 'priority']) {
    if (!result[name]) continue;
    const per = {};
    for (const e of result[name].backlog.events) {
      const k = lane.get(e.id) || 'unknown';
      const p = (per[k] ||= { events: 0, last_delivery_s: [] });
      p.events++;
      p.last_delivery_s.push(e.last_delivery_s);
    }
    for (const p of Object.values(per)) p.last_delivery_s = [Math.min(...p.last_delivery_s), Math.max(...p.last_delivery_s)];
    out[`${name}_backlog`] = per;
  }
  return out;
}

async function once(driver) {
  const namespace = `bench-prio-${TAG}-${driver}.`;
  await resetDatabase();
  const base = serviceEnv(driver, namespace);
  cli(['migrate'], base);
  const a = cli(['bootstrap', '--name', `bench-prio-A-${TAG}`], base);
  const b = cli(['bootstrap', '--name', `bench-prio-B-${TAG}`], base);
  const started = [];
  try {
    const receiver = new Child(`receiver-${driver}`, path.join(__dirname, 'receiver.js'), { ...env }, { ipc: true });
    started.push(receiver);
    const { port } = await receiver.message((m) => m && m.ready, 10_000);
    const receiverUrl = `http://127.0.0.1:${port}/hook`;
    const apiPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}/api/v1`;
    const api = new Child(`api-${driver}`, entry('api'), serviceEnv(driver, namespace, { PORT: String(apiPort) }));
    const fanout = new Child(`fanout-${driver}`, entry('fanout'), serviceEnv(driver, namespace, { LOG_LEVEL: 'info' }));
    const worker = new Child(`webhook-worker-${driver}`, entry('webhook-worker'), base);
    started.push(api, fanout, worker);
    await waitHealthy(api, `${apiUrl}/health`);
    await warmUp(apiUrl, a.api_key, receiver, receiverUrl, [api, fanout, worker]);
    log(`${driver}: stack up (namespace ${namespace}, logs in ${LOG_DIR})`);
    const result = await bench.run({ apiUrl, apiKeyA: a.api_key, apiKeyB: b.api_key, receiver, receiverUrl, tag: `${TAG}-${driver}`, log });
    for (const s of [api, fanout, worker]) if (!s.alive) result.crashed = (result.crashed || []).concat(s.describeExit());
    result.lanes = lanesFromLog(result, path.join(LOG_DIR, `fanout-${driver}.log`));
    return result;
  } finally {
    await Promise.all(started.map((c) => c.stop()));
    if (driver === 'rabbitmq') await deleteQueues(namespace).catch((err) => log(`queues of ${namespace} not removed: ${err.message}`));
  }
}

async function main() {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const drivers = process.argv.slice(2).length ? process.argv.slice(2) : ['rabbitmq', 'postgres'];
  const results = {};
  for (const driver of drivers) {
    try {
      results[driver] = await once(driver);
    } catch (err) {
      results[driver] = { available: false, reason: err.stack || String(err) };
    }
    process.stdout.write(`\nQUEUE_DRIVER=${driver}\n${bench.report(results[driver]).join('\n')}\n`);
    const lanes = results[driver].lanes;
    if (lanes) {
      for (const [k, v] of Object.entries(lanes))
        process.stdout.write(
          `  lanes (fan-out log), ${k}: ${Object.entries(v)
            .map(([l, x]) =>
              typeof x === 'number' ? `${l} ${x}` : `${l} ${x.events} events, last deliveries at ${x.last_delivery_s.join('-')} s`,
            )
            .join('; ')}\n`,
        );
    }
  }
  const file = path.join(__dirname, 'results', `priority-fairness-${new Date().toISOString().replace(/:/g, '-')}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ tag: TAG, log_dir: LOG_DIR, results }, null, 2) + '\n');
  process.stdout.write(`\nresults: ${path.relative(ROOT, file)}; logs: ${LOG_DIR}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    log(`FAILED: ${err.stack || err}`);
    process.exit(1);
  },
);
