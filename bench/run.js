'use strict';
/**
 * `npm run bench`: Herald's loopback benchmark. Plain CommonJS, no build step of its own (the
 * npm script builds the services first).
 *
 *   1. database herald_bench dropped, recreated, migrated; one project bootstrapped
 *   2. baseline: bench/baseline-server.js (bare Express + pg, same two rows) under autocannon
 *      at 1/16/64 connections
 *   3. Herald ingest: POST /api/v1/events against services/api under the same load profile.
 *      fan-out is NOT running during ingest (the outbox relay still publishes every event to
 *      RabbitMQ); the fan-out queue is purged afterwards, so ingest measures the gateway alone
 *      and leaves no backlog for the end-to-end part
 *   4. end to end: fanout + webhook-worker running, deliveries timed at bench/receiver.js,
 *      fan-out 1 and 10; 'paced' (open-loop, 100 deliveries/s offered: latency through an idle
 *      pipeline) then 'burst' (5,000 / 500 events POSTed with 16 in flight: throughput)
 *   4a. scheduler lag (scheduled_for -> event created) at a 1 s cadence: bench/scheduler-lag.js
 *   4b. email (SMTP) and SMS deliveries per second end to end: bench/channels.js (its own knobs there)
 *   5. peak RSS (VmHWM) of every service, CPU used per process group during every phase
 *   6. table on stdout, JSON in bench/results/<timestamp>.json and bench/results/latest.json
 *
 * Knobs (env, all optional): BENCH_DURATION_S [10], BENCH_WARMUP_S [2], BENCH_CONNECTIONS
 * [1,16,64], BENCH_DB_POOL [10] (api and baseline pool size), BENCH_FANOUT_PREFETCH [32],
 * BENCH_WEBHOOK_PREFETCH [64], BENCH_E2E_F1_EVENTS [5000], BENCH_E2E_F10_EVENTS [500],
 * BENCH_E2E_CONCURRENCY [16], BENCH_E2E_PACED_S [5] (0 skips the paced runs),
 * BENCH_E2E_PACED_DELIVERIES_PER_S [100], BENCH_SKIP_E2E, BENCH_WEBHOOK_WORKER_ENTRY (another worker entry
 * file), BENCH_PROFILE (V8 CPU profiles of api, fanout and webhook-worker, written at exit into
 * the log directory; `node bench/profile-summary.js <file.cpuprofile>`), AMQP_URL,
 * BENCH_PG_ADMIN_URL [postgres://postgres@127.0.0.1:5432/postgres]. BENCH_CONNECTIONS= (empty)
 * skips the ingest part.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const net = require('node:net');
const { spawn, fork, spawnSync, execFileSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const amqp = require('amqplib');

const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(__dirname, 'results');
const env = process.env;
const num = (name, def) => (env[name] !== undefined && env[name] !== '' ? Number(env[name]) : def);

const S = {
  durationSec: num('BENCH_DURATION_S', 10),
  warmupSec: num('BENCH_WARMUP_S', 2),
  connections: (env.BENCH_CONNECTIONS ?? '1,16,64').split(',').filter(Boolean).map(Number),
  dbPool: num('BENCH_DB_POOL', 10),
  fanoutPrefetch: num('BENCH_FANOUT_PREFETCH', 32),
  webhookPrefetch: num('BENCH_WEBHOOK_PREFETCH', 64),
  e2eF1Events: num('BENCH_E2E_F1_EVENTS', 5000),
  e2eF10Events: num('BENCH_E2E_F10_EVENTS', 500),
  e2eConcurrency: num('BENCH_E2E_CONCURRENCY', 16),
  e2ePacedSeconds: num('BENCH_E2E_PACED_S', 5),
  e2ePacedDeliveriesPerSec: num('BENCH_E2E_PACED_DELIVERIES_PER_S', 100),
  skipE2e: !!env.BENCH_SKIP_E2E,
};
const AIM = { eventsPerSecAt64: 1500, p99MsAt64: 100, baselineRatio: 0.7, deliveriesPerSec: 1000 };

const startedAt = new Date();
const TAG = String(startedAt.getTime());
const NAMESPACE = `bench-${TAG}.`;
const PG_ADMIN_URL = env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'herald_bench';
const DATABASE_URL = new URL(PG_ADMIN_URL);
DATABASE_URL.pathname = `/${DB_NAME}`;
const AMQP_URL = env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const LOG_DIR = path.join(os.tmpdir(), `herald-bench-${TAG}`);
const ENTRIES = {
  api: path.join(ROOT, 'services/api/dist/main.js'),
  fanout: path.join(ROOT, 'services/fanout/dist/main.js'),
  'webhook-worker': env.BENCH_WEBHOOK_WORKER_ENTRY
    ? path.resolve(env.BENCH_WEBHOOK_WORKER_ENTRY)
    : path.join(ROOT, 'services/webhook-worker/dist/main.js'),
  cli: path.join(ROOT, 'services/api/dist/cli/main.js'),
};

const log = (...a) => process.stderr.write(`[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)}s] ${a.join(' ')}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (v, d = 1) => (v == null || Number.isNaN(v) ? null : Math.round(v * 10 ** d) / 10 ** d);

// ---------------------------------------------------------------- child processes

/** Every process we started, so that every exit path can end them. */
const children = new Set();

class Child {
  constructor(name, file, args, childEnv, { ipc = false, nodeArgs = [] } = {}) {
    this.name = name;
    this.tail = [];
    const logFile = fs.createWriteStream(path.join(LOG_DIR, `${name}.log`), { flags: 'a' });
    const stdio = ['ignore', 'pipe', 'pipe'];
    this.proc = ipc
      ? fork(file, args, { env: childEnv, stdio: [...stdio, 'ipc'], cwd: ROOT, execArgv: nodeArgs })
      : spawn(process.execPath, [...nodeArgs, file, ...args], { env: childEnv, stdio, cwd: ROOT });
    this.pid = this.proc.pid;
    const keep = (chunk) => {
      logFile.write(chunk);
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.tail.push(line.slice(0, 400));
      if (this.tail.length > 40) this.tail.splice(0, this.tail.length - 40);
    };
    this.proc.stdout.on('data', keep);
    this.proc.stderr.on('data', keep);
    this.exitInfo = null;
    this.exited = new Promise((resolve) => {
      this.proc.on('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        children.delete(this);
        logFile.end();
        resolve(this.exitInfo);
      });
    });
    this.proc.on('error', (err) => this.tail.push(`spawn error: ${err.message}`));
    children.add(this);
  }
  get alive() {
    return this.exitInfo === null;
  }
  describeExit() {
    const e = this.exitInfo;
    return `${this.name} exited (code ${e && e.code}, signal ${e && e.signal}); last output:\n  ${this.tail.slice(-12).join('\n  ')}`;
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
  async stop(graceMs = 8000) {
    if (!this.alive) return this.exitInfo;
    this.proc.kill('SIGTERM');
    const t = setTimeout(() => this.alive && this.proc.kill('SIGKILL'), graceMs);
    const info = await this.exited;
    clearTimeout(t);
    return info;
  }
}

async function stopAll() {
  await Promise.all([...children].map((c) => c.stop()));
}

/** Set once the run's queue names are known, so an interrupted run removes its queues too. */
let brokerCleanup = null;

let interrupted = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${sig}: stopping every child process`);
    stopAll()
      .then(() => brokerCleanup && Promise.race([brokerCleanup(), sleep(5000)]))
      .finally(() => process.exit(130));
  });
}
process.on('exit', () => {
  for (const c of children) if (c.alive) c.proc.kill('SIGKILL');
});

// ---------------------------------------------------------------- /proc sampling

let CLK_TCK = 100;
try {
  CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
} catch {
  /* Linux default */
}

function procTicks() {
  const out = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (d.charCodeAt(0) < 48 || d.charCodeAt(0) > 57) continue;
    try {
      const s = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = s.lastIndexOf(')');
      const comm = s.slice(s.indexOf('(') + 1, close);
      const f = s.slice(close + 2).split(' ');
      // fields after the name: state(3) ppid(4) ... utime(14) stime(15) ... starttime(22)
      out.set(Number(d), { comm, ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), start: f[19] });
    } catch {
      /* process ended while reading */
    }
  }
  return out;
}

function machineTicks() {
  // user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user)
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: f.reduce((a, b) => a + b, 0), idle: f[3] + (f[4] || 0), irq: (f[5] || 0) + (f[6] || 0), steal: f[7] || 0 };
}

/** PostgreSQL backends are told apart by the database in their process title. */
const pgTitles = new Map();
function postgresRole(pid) {
  let title = pgTitles.get(pid);
  if (title === undefined) {
    try {
      title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      title = '';
    }
    pgTitles.set(pid, title);
  }
  if (title.includes(` ${DB_NAME} `)) return 'postgres';
  if (/\d\)|\[local\]/.test(title)) return 'other'; // a backend of another database
  return 'postgres-background'; // wal writer, checkpointer, ... (shared by every database)
}

function roleOf(pid, p, pidRole) {
  const known = pidRole.get(pid);
  if (known) return known;
  if (p.comm === 'postgres') return postgresRole(pid);
  if (p.comm === 'beam.smp') return 'rabbitmq';
  if (pid === process.pid) return 'bench-orchestrator';
  if (p.ppid === 2 || pid === 2) return 'kernel';
  return 'other';
}

/**
 * Samples what PostgreSQL backends of the bench database are doing, every 200 ms: the share of
 * non-idle backends per wait event ('running' = on CPU or not waiting), and how many were busy.
 */
const PG_COUNTERS = `SELECT (SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = $1)::float8 AS xacts,
  (SELECT tup_inserted + tup_updated + tup_deleted FROM pg_stat_database WHERE datname = $1)::float8 AS tuples,
  pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS wal`;

function pgWaitSampler() {
  if (!state.pg) return async () => undefined;
  const counts = {};
  const idleInTx = {};
  let samples = 0;
  let active = 0;
  let stopped = false;
  const t0 = process.hrtime.bigint();
  const first = state.pg
    .query(PG_COUNTERS, [DB_NAME])
    .then((r) => r.rows[0])
    .catch(() => null);
  const tick = async () => {
    await first;
    while (!stopped) {
      try {
        const { rows } = await state.pg.query(
          `SELECT coalesce(wait_event_type || ':' || wait_event, 'running') AS w, state,
                  left(regexp_replace(query, '\\s+', ' ', 'g'), 60) AS q
             FROM pg_stat_activity
            WHERE datname = $1 AND state <> 'idle' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          [DB_NAME],
        );
        samples++;
        for (const r of rows) {
          counts[r.w] = (counts[r.w] || 0) + 1;
          active++;
          if (r.state.startsWith('idle in transaction')) idleInTx[r.q] = (idleInTx[r.q] || 0) + 1;
        }
      } catch {
        return;
      }
      await sleep(200);
    }
  };
  const loop = tick();
  return async () => {
    stopped = true;
    await loop;
    const a = await first;
    const b = await state.pg
      .query(PG_COUNTERS, [DB_NAME])
      .then((r) => r.rows[0])
      .catch(() => null);
    const sec = Number(process.hrtime.bigint() - t0) / 1e9;
    const share = (obj, n) =>
      Object.entries(obj)
        .sort((x, y) => y[1] - x[1])
        .slice(0, n)
        .map(([w, c]) => `${w} ${Math.round((100 * c) / Math.max(1, active))}%`);
    return {
      samples,
      mean_active_backends: round(active / Math.max(1, samples), 1),
      waits: share(counts, 6),
      idle_in_transaction_after: share(idleInTx, 4),
      // pg_stat_database lags up to ~1 s behind; WAL is cluster-wide (other databases included)
      transactions_per_s: a && b ? Math.round((b.xacts - a.xacts) / sec) : null,
      tuples_written_per_s: a && b ? Math.round((b.tuples - a.tuples) / sec) : null,
      wal_mb_per_s: a && b ? round((b.wal - a.wal) / sec / 2 ** 20, 2) : null,
    };
  };
}

/** Starts a CPU sample; the returned function ends it and gives cores used per process group. */
function cpuSample(roles) {
  const startRoles = roles();
  const before = procTicks();
  const m0 = machineTicks();
  const t0 = process.hrtime.bigint();
  return () => {
    const after = procTicks();
    const m1 = machineTicks();
    const sec = Number(process.hrtime.bigint() - t0) / 1e9;
    const pidRole = new Map();
    for (const r of [startRoles, roles()]) for (const [role, pid] of Object.entries(r)) if (pid) pidRole.set(pid, role);
    const groups = {};
    const others = {};
    for (const [pid, a] of after) {
      const b = before.get(pid);
      // Same pid and start time = same process (kernel workers rename themselves as they go).
      const delta = a.ticks - (b && b.start === a.start ? b.ticks : 0);
      if (delta <= 0) continue;
      const role = roleOf(pid, a, pidRole);
      groups[role] = (groups[role] || 0) + delta;
      if (role === 'other') others[a.comm] = (others[a.comm] || 0) + delta;
    }
    const cores = {};
    for (const [k, v] of Object.entries(groups).sort((x, y) => y[1] - x[1])) cores[k] = round(v / CLK_TCK / sec, 2);
    const machineSpan = Math.max(1, m1.total - m0.total);
    const busy = m1.total - m1.idle - (m0.total - m0.idle);
    const attributed = Object.values(groups).reduce((a, b) => a + b, 0);
    const cpus = os.cpus().length;
    // irq + softirq time (loopback TCP is mostly softirq) and steal belong to no process.
    const irqCores = ((m1.irq - m0.irq) / machineSpan) * cpus;
    const stealCores = ((m1.steal - m0.steal) / machineSpan) * cpus;
    // What is left: processes that started and ended inside the window (other people's test runs).
    const unattributed = (busy / machineSpan) * cpus - irqCores - stealCores - attributed / CLK_TCK / sec;
    const otherTop = Object.entries(others)
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${round(v / CLK_TCK / sec, 2)}`);
    return {
      seconds: round(sec, 1),
      machine_busy_pct: round((100 * busy) / machineSpan, 0),
      steal_pct: round((100 * (m1.steal - m0.steal)) / machineSpan, 0),
      irq_softirq_cores: round(irqCores, 2),
      cores_used: cores,
      unattributed_cores: round(Math.max(0, unattributed), 2),
      other_processes: otherTop,
    };
  };
}

function peakRssMb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? round(Number(m[1]) / 1024, 1) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- helpers

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

function httpGet(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 3000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

async function waitHealthy(child, url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.alive) throw new Error(child.describeExit());
    if ((await httpGet(url)) === 200) return;
    await sleep(200);
  }
  throw new Error(`${child.name}: ${url} not healthy within ${timeoutMs} ms; last output:\n  ${child.tail.slice(-10).join('\n  ')}`);
}

function cli(args, childEnv) {
  const r = spawnSync(process.execPath, [ENTRIES.cli, ...args], { env: childEnv, cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`herald ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  const lines = r.stdout.trim().split('\n').reverse();
  for (const line of lines) {
    try {
      return JSON.parse(line);
    } catch {
      /* a log line */
    }
  }
  throw new Error(`herald ${args.join(' ')} printed no JSON: ${r.stdout}`);
}

function percentiles(values) {
  const s = Float64Array.from(values).sort();
  const p = (q) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((q / 100) * s.length) - 1))] : null);
  return { p50: round(p(50)), p90: round(p(90)), p99: round(p(99)), max: round(s.length ? s[s.length - 1] : null) };
}

/** Queue and exchange names of the run's namespace (from the compiled messaging lib when it loads). */
function topology() {
  try {
    const { TopologyNames, topologyQueues } = require('@herald/messaging');
    const { loadConfig } = require('@herald/config');
    const names = new TopologyNames(NAMESPACE);
    let queues = [];
    try {
      queues = topologyQueues(names, loadConfig(serviceEnv()).retryPolicies);
    } catch {
      queues = [names.fanoutQueue, names.fanoutDlq, names.deliveryQueue('webhook')];
    }
    return {
      fanoutQueue: names.fanoutQueue,
      webhookQueue: names.deliveryQueue('webhook'),
      eventsExchange: names.eventsExchange,
      exchanges: [names.eventsExchange, names.deliveriesExchange],
      queues,
    };
  } catch {
    const q = (n) => `${NAMESPACE}${n}`;
    return {
      fanoutQueue: q('fanout.events'),
      webhookQueue: q('webhook-worker.deliveries'),
      eventsExchange: q('herald.events'),
      exchanges: [q('herald.events'), q('herald.deliveries')],
      queues: [q('fanout.events'), q('fanout.events.dlq'), q('webhook-worker.deliveries'), q('webhook-worker.dlq')],
    };
  }
}

async function withAmqp(fn) {
  const conn = await amqp.connect(AMQP_URL);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    return await fn(ch, conn);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

async function consumerCount(queue) {
  try {
    return await withAmqp(async (ch) => (await ch.checkQueue(queue)).consumerCount);
  } catch {
    return 0;
  }
}

async function waitConsumer(child, queue, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.alive) throw new Error(child.describeExit());
    if ((await consumerCount(queue)) > 0) return;
    await sleep(250);
  }
  throw new Error(`${child.name}: no consumer on ${queue} within ${timeoutMs} ms; last output:\n  ${child.tail.slice(-10).join('\n  ')}`);
}

const SECRETS_KEY = randomBytes(32).toString('base64');

/** BENCH_PROFILE=1: every service (and the baseline) writes a V8 CPU profile at exit (summarise with bench/profile-summary.js). */
function serviceNodeArgs() {
  return env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(LOG_DIR, 'profiles')}`] : [];
}
function serviceEnv(extra = {}) {
  return {
    ...env,
    NODE_ENV: 'production',
    DATABASE_URL: DATABASE_URL.toString(),
    AMQP_URL,
    AMQP_NAMESPACE: NAMESPACE,
    LOG_LEVEL: 'warn',
    OPS_PORT: '0',
    SSRF_ALLOW_CIDRS: '127.0.0.0/8',
    HERALD_SECRETS_KEY: SECRETS_KEY,
    DB_POOL_SIZE: String(S.dbPool),
    FANOUT_PREFETCH: String(S.fanoutPrefetch),
    WEBHOOK_PREFETCH: String(S.webhookPrefetch),
    // One key drives the whole load: the per-key limit would measure itself, not the pipeline.
    RATE_LIMIT_PER_SECOND: '0',
    ...extra,
  };
}

// ---------------------------------------------------------------- phases

const state = { roles: {} };
const roles = () => Object.fromEntries(Object.entries(state.roles).map(([k, c]) => [k, c && c.alive ? c.pid : null]));

async function runLoad(label, url, headers, body, connections) {
  const load = new Child(
    `load-${label}-c${connections}`,
    path.join(__dirname, 'load.js'),
    [JSON.stringify({ url, connections, durationSec: S.durationSec, warmupSec: S.warmupSec, headers, body })],
    env,
    { ipc: true },
  );
  state.roles.loadgen = load;
  await load.message((m) => m && m.measuring, (S.warmupSec + 30) * 1000);
  const endCpu = cpuSample(roles);
  const endWaits = pgWaitSampler();
  const { result } = await load.message((m) => m && m.result, (S.durationSec + 30) * 1000);
  const cpu = endCpu();
  const pg = await endWaits();
  load.proc.disconnect();
  await load.exited;
  delete state.roles.loadgen;
  return { ...result, cpu, pg };
}

function eventBody(receiverUrl) {
  return JSON.stringify({
    event_type: 'bench',
    recipients: [{ channels: ['webhook'], webhook_url: `${receiverUrl}?r=0` }],
    payload: { n: 1 },
    inline: { html: '<p>x</p>' },
  });
}

async function dbQuery(sql, params) {
  if (state.pg) return (await state.pg.query(sql, params)).rows;
  const c = new Client({ connectionString: DATABASE_URL.toString() });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

async function resetDatabase() {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DB_NAME}`);
    return (await c.query('SELECT version()')).rows[0].version;
  } finally {
    await c.end();
  }
}

/**
 * One end-to-end scenario. mode 'burst': POST as fast as the API accepts (bounded concurrency),
 * which measures delivery throughput; its latency is mostly time queued. mode 'paced': open-loop
 * at `ratePerSec` events/s, well under capacity, which measures latency through an idle pipeline.
 */
async function e2eScenario(ctx, { mode, fanout, events, ratePerSec }) {
  const { receiver, apiUrl, apiKey, receiverUrl, workers } = ctx;
  const run = `${TAG}-${mode}-f${fanout}`;
  const expected = events * fanout;
  log(
    `end to end, ${mode}, fan-out ${fanout}: ${events} events${ratePerSec ? ` at ${ratePerSec}/s` : ''} -> ${expected} webhook deliveries`,
  );
  const endCpu = cpuSample(roles);
  const endWaits = pgWaitSampler();
  const pub = new Child(
    `publish-${mode}-f${fanout}`,
    path.join(__dirname, 'publish.js'),
    [JSON.stringify({ url: `${apiUrl}/events`, apiKey, receiverUrl, run, events, fanout, concurrency: S.e2eConcurrency, ratePerSec })],
    env,
    { ipc: true },
  );
  state.roles.publisher = pub;
  let received = 0;
  let lastProgress = Date.now();
  let published = null;
  let stalled = null;
  const publishDone = pub.message((m) => m && m.result, 300_000).then((m) => (published = m.result));
  publishDone.catch(() => undefined);
  for (;;) {
    await sleep(200);
    const crashed = workers.find((w) => !w.alive);
    if (crashed) {
      stalled = crashed.describeExit();
      break;
    }
    const { received: n } = await (receiver.proc.send({ cmd: 'count', run }),
    receiver.message((m) => m.cmd === 'count' && m.run === run, 5000));
    if (n > received) {
      received = n;
      lastProgress = Date.now();
    }
    if (!published && !pub.alive) break;
    if (published && received >= published.posts.filter((p) => p[2] === 202).length * fanout) break;
    if (Date.now() - lastProgress > 20_000) {
      stalled = `no delivery for 20 s after ${received}/${expected}`;
      break;
    }
  }
  const cpu = endCpu();
  const pg = await endWaits();
  await publishDone;
  const { posts, startedMs, finishedMs } = published;
  if (pub.alive) pub.proc.disconnect();
  await pub.exited;
  delete state.roles.publisher;
  receiver.proc.send({ cmd: 'collect', run });
  const got = await receiver.message((m) => m.cmd === 'collected' && m.run === run, 30_000);

  const accepted = posts.filter((p) => p[2] === 202).length;
  const postAt = new Map(posts.map((p) => [p[0], p[1]]));
  const arrivals = got.arrivals;
  const latencies = [];
  const bySeq = [];
  let first = Infinity;
  let last = -Infinity;
  for (const [seq, , t] of arrivals) {
    const t0 = postAt.get(seq);
    if (t0 !== undefined) {
      latencies.push(t - t0);
      bySeq.push([seq, t - t0]);
    }
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const windowSec = arrivals.length > 1 ? (last - first) / 1000 : null;
  const statusCounts = {};
  for (const p of posts) statusCounts[p[2]] = (statusCounts[p[2]] || 0) + 1;
  return {
    mode,
    fanout,
    events,
    offered_events_per_s: ratePerSec || null,
    events_accepted: accepted,
    post_statuses: statusCounts,
    publish_seconds: round((finishedMs - startedMs) / 1000, 2),
    publish_events_per_s: Math.round(accepted / ((finishedMs - startedMs) / 1000)),
    post_latency_ms: percentiles(posts.filter((p) => p[2] === 202).map((p) => p[4])),
    deliveries_expected: accepted * fanout,
    deliveries_received: arrivals.length,
    deliveries_missing: accepted * fanout - arrivals.length,
    duplicates: got.duplicates,
    bad_signatures: got.bad_signatures,
    missing_signatures: got.missing_signatures,
    bad_bodies: got.bad_bodies,
    deliveries_per_s: windowSec ? Math.round(arrivals.length / windowSec) : null,
    delivery_window_s: round(windowSec, 2),
    first_post_to_last_receipt_s: arrivals.length ? round((last - startedMs) / 1000, 2) : null,
    latency_ms: percentiles(latencies),
    // p50 latency of each tenth of the events in publish order: a rising series means a queue grew.
    latency_p50_ms_by_tenth: Array.from({ length: 10 }, (_, i) => {
      const lo = Math.floor((i * events) / 10);
      const hi = Math.floor(((i + 1) * events) / 10);
      return percentiles(bySeq.filter(([seq]) => seq >= lo && seq < hi).map(([, l]) => l)).p50;
    }),
    stalled,
    cpu,
    pg,
  };
}

// ---------------------------------------------------------------- main

async function main() {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  fs.mkdirSync(RESULTS, { recursive: true });
  for (const name of ['api', 'fanout', 'cli']) {
    if (!fs.existsSync(ENTRIES[name])) throw new Error(`${path.relative(ROOT, ENTRIES[name])} is missing: run npm run build`);
  }
  const result = {
    timestamp: startedAt.toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu_model: (os.cpus()[0] || {}).model,
      total_memory_gb: round(os.totalmem() / 2 ** 30, 1),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      load_average_at_start: os.loadavg().map((v) => round(v, 2)),
    },
    settings: { ...S, amqp_namespace: NAMESPACE, database: DB_NAME, log_dir: LOG_DIR },
    ingest: { note: '' },
    end_to_end: null,
    peak_rss_mb: {},
    aims: {},
  };
  log(`logs of every process in ${LOG_DIR}`);
  // How quiet is the machine before we start? Other work on a 2-core box depresses every figure.
  const quiet = cpuSample(roles);
  await sleep(2000);
  result.machine.before_start = quiet();
  if (result.machine.before_start.machine_busy_pct > 15) {
    log(
      `WARNING: the machine was ${result.machine.before_start.machine_busy_pct}% busy before the bench started (${result.machine.before_start.other_processes.join(', ')})`,
    );
  }

  // 1. database, project, receiver
  result.machine.postgres = (await resetDatabase()).split(' on ')[0];
  cli(['migrate'], serviceEnv());
  const boot = cli(['bootstrap', '--name', `bench-${TAG}`], serviceEnv());
  state.pg = new Client({ connectionString: DATABASE_URL.toString(), application_name: 'herald-bench-probe' });
  state.pg.on('error', () => undefined);
  await state.pg.connect();
  const topo = topology();
  brokerCleanup = () => cleanupBroker(topo);
  try {
    result.machine.rabbitmq = await withAmqp(async (_ch, conn) => {
      const p = conn.connection && conn.connection.serverProperties;
      return p ? `RabbitMQ ${p.version}` : 'RabbitMQ';
    });
  } catch (err) {
    throw new Error(`RabbitMQ at ${AMQP_URL} unreachable: ${err.message}`);
  }

  const receiver = new Child(
    'receiver',
    path.join(__dirname, 'receiver.js'),
    [],
    { ...env, BENCH_SIGNING_SECRET: boot.webhook_signing_secret },
    { ipc: true },
  );
  state.roles.receiver = receiver;
  const { port: receiverPort } = await receiver.message((m) => m && m.ready, 10_000);
  const receiverUrl = `http://127.0.0.1:${receiverPort}/hook`;
  const body = eventBody(receiverUrl);

  // 2. baseline
  const baseline = new Child(
    'baseline',
    path.join(__dirname, 'baseline-server.js'),
    [],
    {
      ...env,
      PORT: '0',
      DATABASE_URL: DATABASE_URL.toString(),
      DB_POOL_SIZE: String(S.dbPool),
      BENCH_PROJECT_ID: boot.project_id,
      BENCH_API_KEY_ID: boot.api_key_id,
      BENCH_EVENTS_EXCHANGE: topo.eventsExchange,
    },
    { ipc: true, nodeArgs: serviceNodeArgs() },
  );
  state.roles.baseline = baseline;
  const { port: baselinePort } = await baseline.message((m) => m && m.ready, 10_000);
  const baselineRuns = {};
  for (const c of S.connections) {
    log(`baseline: ${c} connection(s), ${S.warmupSec} s warm-up + ${S.durationSec} s`);
    baselineRuns[c] = await runLoad('baseline', `http://127.0.0.1:${baselinePort}/events`, { 'content-type': 'application/json' }, body, c);
  }
  result.peak_rss_mb.baseline = peakRssMb(baseline.pid);
  await baseline.stop();
  delete state.roles.baseline;
  // Start Herald on empty tables, as the baseline did.
  await dbQuery('TRUNCATE outbox, events CASCADE');

  // 3. Herald ingest (fan-out not running yet, see the header)
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}/api/v1`;
  const api = new Child('api', ENTRIES.api, [], serviceEnv({ PORT: String(apiPort) }), { nodeArgs: serviceNodeArgs() });
  state.roles.api = api;
  let worker = null;
  let e2eUnavailable = null;
  if (S.skipE2e) e2eUnavailable = 'skipped (BENCH_SKIP_E2E)';
  else if (!fs.existsSync(ENTRIES['webhook-worker']))
    e2eUnavailable = `${path.relative(ROOT, ENTRIES['webhook-worker'])} does not exist (webhook-worker not built yet)`;
  else {
    worker = new Child('webhook-worker', ENTRIES['webhook-worker'], [], serviceEnv(), { nodeArgs: serviceNodeArgs() });
    state.roles['webhook-worker'] = worker;
  }
  await waitHealthy(api, `${apiUrl}/health`);
  log(`api healthy on ${apiUrl}`);

  const headers = { 'content-type': 'application/json', 'x-api-key': boot.api_key };
  const heraldRuns = {};
  for (const c of S.connections) {
    log(`herald ingest: ${c} connection(s), ${S.warmupSec} s warm-up + ${S.durationSec} s`);
    heraldRuns[c] = await runLoad('herald', `${apiUrl}/events`, headers, body, c);
    if (!api.alive) throw new Error(api.describeExit());
  }
  // The relay must have published everything before the fan-out queue is purged.
  const drainStart = Date.now();
  for (;;) {
    const [{ n }] = await dbQuery('SELECT count(*)::int AS n FROM outbox');
    if (n === 0) break;
    if (Date.now() - drainStart > 60_000) throw new Error(`outbox still holds ${n} rows 60 s after the ingest phase`);
    await sleep(100);
  }
  const relayLagMs = Date.now() - drainStart;
  const purged = await withAmqp(async (ch) => (await ch.purgeQueue(topo.fanoutQueue)).messageCount);
  // End to end starts from a settled database, not from the ingest phase's dead outbox rows.
  await dbQuery('VACUUM ANALYZE');

  result.ingest = {
    note:
      'POST /api/v1/events, one webhook recipient per event; fan-out stopped during ingest (the outbox relay inside api ' +
      'still publishes every event to RabbitMQ; the fan-out queue is purged afterwards). Baseline = bench/baseline-server.js, ' +
      `bare Express + pg (pool ${S.dbPool}) writing the same event + outbox rows in one statement, no auth/validation.`,
    outbox_drained_after_load_ms: relayLagMs,
    fanout_messages_purged: purged,
    levels: S.connections.map((c) => ({
      connections: c,
      herald: heraldRuns[c],
      baseline: baselineRuns[c],
      ratio_to_baseline: round(heraldRuns[c].accepted_per_s / baselineRuns[c].accepted_per_s, 2),
    })),
  };

  // 4. end to end
  if (!e2eUnavailable && !worker.alive) e2eUnavailable = worker.describeExit();
  if (!e2eUnavailable) {
    const fanoutProc = new Child('fanout', ENTRIES.fanout, [], serviceEnv(), { nodeArgs: serviceNodeArgs() });
    state.roles.fanout = fanoutProc;
    try {
      await waitConsumer(fanoutProc, topo.fanoutQueue);
      await waitConsumer(worker, topo.webhookQueue);
    } catch (err) {
      e2eUnavailable = err.message;
    }
    if (!e2eUnavailable) {
      const scenarios = [];
      const ctx = { receiver, apiUrl, apiKey: boot.api_key, receiverUrl, workers: [worker, fanoutProc] };
      const paced = (fanout) => {
        const rate = S.e2ePacedDeliveriesPerSec / fanout;
        return { mode: 'paced', fanout, ratePerSec: rate, events: Math.round(rate * S.e2ePacedSeconds) };
      };
      const plan = [
        ...(S.e2ePacedSeconds > 0 ? [paced(1), paced(10)] : []),
        { mode: 'burst', fanout: 1, events: S.e2eF1Events },
        { mode: 'burst', fanout: 10, events: S.e2eF10Events },
      ];
      for (const sc of plan) {
        try {
          scenarios.push(await e2eScenario(ctx, sc));
        } catch (err) {
          scenarios.push({ ...sc, unavailable: err.message });
        }
        if (!worker.alive || !fanoutProc.alive) break;
      }
      result.end_to_end = {
        available: true,
        note:
          `latency = receipt at bench/receiver.js - start of the POST; throughput = deliveries / (last receipt - first receipt). ` +
          `paced: open-loop at ${S.e2ePacedDeliveriesPerSec} deliveries/s offered for ${S.e2ePacedSeconds} s (latency through an unloaded pipeline); ` +
          `burst: POST as fast as the API accepts with ${S.e2eConcurrency} requests in flight (throughput; latency then is mostly queueing)`,
        scenarios,
      };
    }
    result.peak_rss_mb.fanout = peakRssMb(fanoutProc.pid);
  }
  if (e2eUnavailable) {
    log(`end to end unavailable: ${e2eUnavailable.split('\n')[0]}`);
    result.end_to_end = { available: false, reason: e2eUnavailable };
  }

  // 4a. scheduler lag: bench/scheduler-lag.js
  if (!env.BENCH_SKIP_SCHEDULER && api.alive) {
    result.scheduler = await require('./scheduler-lag')
      .run({ apiUrl, apiKey: boot.api_key, receiverUrl, serviceEnv, Child, log })
      .catch((err) => ({ available: false, reason: err.message }));
  }

  // 4b. email (SMTP) and SMS deliveries end to end: bench/channels.js
  if (!S.skipE2e && api.alive) {
    result.channels = await require('./channels')
      .run({
        apiUrl,
        apiKey: boot.api_key,
        namespace: NAMESPACE,
        tag: TAG,
        serviceEnv,
        Child,
        log,
        cpuSample: () => cpuSample(roles),
        registerRole: (name, child) => (state.roles[name] = child),
      })
      .catch((err) => ({ available: false, reason: err.message }));
  }

  // 5. memory
  result.peak_rss_mb.api = peakRssMb(api.pid);
  if (worker) result.peak_rss_mb['webhook-worker'] = worker.alive ? peakRssMb(worker.pid) : null;
  result.peak_rss_mb.receiver = peakRssMb(receiver.pid);

  // 6. aims (reported, never asserted)
  const at64 = result.ingest.levels.find((l) => l.connections === 64);
  if (at64) {
    result.aims.events_per_s_at_64 = {
      aim: `>= ${AIM.eventsPerSecAt64}`,
      measured: at64.herald.accepted_per_s,
      met: at64.herald.accepted_per_s >= AIM.eventsPerSecAt64,
    };
    result.aims.p99_ms_at_64 = {
      aim: `< ${AIM.p99MsAt64}`,
      measured: at64.herald.latency_ms.p99,
      met: at64.herald.latency_ms.p99 < AIM.p99MsAt64,
    };
    result.aims.ratio_to_baseline_at_64 = {
      aim: `>= ${AIM.baselineRatio}`,
      measured: at64.ratio_to_baseline,
      met: at64.ratio_to_baseline >= AIM.baselineRatio,
    };
  }
  if (result.end_to_end && result.end_to_end.available) {
    for (const s of result.end_to_end.scenarios.filter((x) => x.mode === 'burst')) {
      result.aims[`deliveries_per_s_fanout_${s.fanout}`] = {
        aim: `>= ${AIM.deliveriesPerSec}`,
        measured: s.deliveries_per_s ?? null,
        met: (s.deliveries_per_s ?? 0) >= AIM.deliveriesPerSec && !s.deliveries_missing,
      };
    }
  }

  await state.pg.end().catch(() => undefined);
  await stopAll();
  await cleanupBroker(topo);
  result.finished_in_s = round((Date.now() - startedAt.getTime()) / 1000, 1);
  return result;
}

async function cleanupBroker(topo) {
  try {
    await withAmqp(async (ch, conn) => {
      for (const q of topo.queues) {
        const c = await conn.createChannel();
        c.on('error', () => undefined);
        await c.deleteQueue(q).catch(() => undefined);
        await c.close().catch(() => undefined);
      }
      for (const x of topo.exchanges) await ch.deleteExchange(x).catch(() => undefined);
    });
  } catch (err) {
    log(`could not remove the run's queues (${err.message})`);
  }
}

// ---------------------------------------------------------------- output

function pad(s, n, right = false) {
  s = s == null ? '-' : String(s);
  return right ? s.padEnd(n) : s.padStart(n);
}

function cpuLine(cpu) {
  return Object.entries({ ...cpu.cores_used, 'irq+softirq': cpu.irq_softirq_cores, 'ended processes': cpu.unattributed_cores })
    .filter(([, v]) => v >= 0.05)
    .map(([k, v]) => `${k} ${Math.round(v * 100)}%`)
    .join(', ');
}

function printReport(r) {
  const out = [];
  const m = r.machine;
  out.push('');
  out.push(
    `Herald benchmark ${r.timestamp}: ${m.cpus} x ${m.cpu_model}, ${m.total_memory_gb} GB, Node ${m.node}, ${m.postgres}, ${m.rabbitmq}`,
  );
  out.push(
    `Machine ${m.before_start.machine_busy_pct}% busy in the 2 s before the start (load average ${m.load_average_at_start.join(' ')})`,
  );
  out.push('');
  out.push(
    `Ingest: POST /events, ${r.settings.durationSec} s per level after ${r.settings.warmupSec} s warm-up (autocannon in its own process)`,
  );
  out.push(`  ${r.ingest.note}`);
  out.push(
    `  ${pad('conns', 5)} | ${pad('herald ev/s', 11)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('errors', 6)} | ${pad('baseline ev/s', 13)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('errors', 6)} | ${pad('ratio', 5)}`,
  );
  for (const l of r.ingest.levels) {
    const h = l.herald;
    const b = l.baseline;
    const errs = (x) => x.non_2xx + x.socket_errors + x.timeouts;
    out.push(
      `  ${pad(l.connections, 5)} | ${pad(h.accepted_per_s, 11)} ${pad(h.latency_ms.p50, 7)} ${pad(h.latency_ms.p99, 7)} ${pad(errs(h), 6)} | ${pad(b.accepted_per_s, 13)} ${pad(b.latency_ms.p50, 7)} ${pad(b.latency_ms.p99, 7)} ${pad(errs(b), 6)} | ${pad(l.ratio_to_baseline, 5)}`,
    );
  }
  out.push(
    `  outbox drained ${r.ingest.outbox_drained_after_load_ms} ms after the last level; ${r.ingest.fanout_messages_purged} fan-out messages purged`,
  );
  out.push('  CPU during each level (100% = one core):');
  for (const l of r.ingest.levels) {
    out.push(`    herald   c=${l.connections}: ${cpuLine(l.herald.cpu)} (machine ${l.herald.cpu.machine_busy_pct}% busy)`);
    out.push(`    baseline c=${l.connections}: ${cpuLine(l.baseline.cpu)} (machine ${l.baseline.cpu.machine_busy_pct}% busy)`);
  }
  out.push('  PostgreSQL backends of herald_bench during each level (mean busy; what they wait on):');
  for (const l of r.ingest.levels) {
    for (const [who, x] of [
      ['herald  ', l.herald],
      ['baseline', l.baseline],
    ]) {
      if (x.pg)
        out.push(
          `    ${who} c=${l.connections}: ${x.pg.transactions_per_s} tx/s (${round(x.pg.transactions_per_s / Math.max(1, x.accepted_per_s), 2)} per event), ${x.pg.wal_mb_per_s} MB/s WAL, ${x.pg.mean_active_backends} busy backends: ${x.pg.waits.join(', ')}`,
        );
    }
  }
  out.push('');
  const e = r.end_to_end;
  if (!e || !e.available) {
    const lines = e ? e.reason.split('\n') : ['not run'];
    out.push(`End to end: UNAVAILABLE: ${lines[0]}`);
    for (const l of lines
      .slice(1)
      .filter((x) => x.trim())
      .slice(-4))
      out.push(`    ${l.trim()}`);
  } else {
    out.push(`End to end: webhook deliveries, fan-out 1 and 10 recipients per event.`);
    out.push(`  ${e.note}`);
    out.push(
      `  ${pad('mode', 5, true)} ${pad('fan-out', 7)} | ${pad('events', 6)} ${pad('POST ev/s', 9)} | ${pad('delivered', 9)} ${pad('missing', 7)} ${pad('deliv/s', 7)} | ${pad('p50 ms', 7)} ${pad('p90 ms', 7)} ${pad('p99 ms', 7)} | ${pad('dup', 3)} ${pad('bad sig', 7)}`,
    );
    for (const s of e.scenarios) {
      const name = `${pad(s.mode, 5, true)} ${pad(s.fanout, 7)}`;
      if (s.unavailable) {
        out.push(`  ${name} | UNAVAILABLE: ${s.unavailable.split('\n')[0]}`);
        continue;
      }
      out.push(
        `  ${name} | ${pad(s.events_accepted, 6)} ${pad(s.publish_events_per_s, 9)} | ${pad(s.deliveries_received, 9)} ${pad(s.deliveries_missing, 7)} ${pad(s.deliveries_per_s, 7)} | ${pad(s.latency_ms.p50, 7)} ${pad(s.latency_ms.p90, 7)} ${pad(s.latency_ms.p99, 7)} | ${pad(s.duplicates, 3)} ${pad(s.bad_signatures + s.missing_signatures, 7)}`,
      );
      if (s.stalled) out.push(`          stalled: ${s.stalled.split('\n')[0]}`);
    }
    out.push(
      `    POST /events latency meanwhile (p50/p99 ms): ${e.scenarios
        .filter((s) => s.post_latency_ms)
        .map((s) => `${s.mode} fan-out ${s.fanout} ${s.post_latency_ms.p50}/${s.post_latency_ms.p99}`)
        .join(', ')}`,
    );
    for (const s of e.scenarios) {
      const name = `${s.mode} fan-out ${s.fanout}`;
      if (s.cpu) out.push(`    CPU ${name}: ${cpuLine(s.cpu)} (machine ${s.cpu.machine_busy_pct}% busy)`);
      if (s.pg) {
        out.push(
          `    PostgreSQL ${name}: ${s.pg.transactions_per_s} tx/s, ${s.pg.wal_mb_per_s} MB/s WAL, ${s.pg.mean_active_backends} busy backends: ${s.pg.waits.join(', ')}`,
        );
        if (s.pg.idle_in_transaction_after.length)
          out.push(`      idle in transaction after: ${s.pg.idle_in_transaction_after.join('; ')}`);
      }
      if (s.mode === 'burst' && s.latency_p50_ms_by_tenth)
        out.push(`    p50 ms by tenth of the events, ${name}: ${s.latency_p50_ms_by_tenth.join(' ')}`);
    }
  }
  if (r.scheduler) {
    out.push('');
    out.push(...require('./scheduler-lag').report(r.scheduler));
  }
  if (r.channels) {
    out.push('');
    out.push(...require('./channels').report(r.channels));
  }
  const disturbed = [];
  const phases = [
    ...r.ingest.levels.flatMap((l) => [
      [`herald c=${l.connections}`, l.herald.cpu],
      [`baseline c=${l.connections}`, l.baseline.cpu],
    ]),
    ...(e && e.available ? e.scenarios.filter((s) => s.cpu).map((s) => [`end-to-end ${s.mode} fan-out ${s.fanout}`, s.cpu]) : []),
  ];
  for (const [name, cpu] of phases) {
    if ((cpu.cores_used.other || 0) >= 0.15)
      disturbed.push(`${name}: other processes ${cpu.cores_used.other} cores (${cpu.other_processes.join(', ')})`);
    else if (cpu.unattributed_cores >= 0.3)
      disturbed.push(`${name}: ${cpu.unattributed_cores} cores used by processes that started and ended inside the window`);
  }
  if (disturbed.length) {
    out.push('');
    out.push(
      `WARNING: processes outside the bench took CPU during ${disturbed.length} of ${phases.length} phases; those figures are depressed (rerun on a quiet machine):`,
    );
    for (const d of disturbed) out.push(`  ${d}`);
  }
  out.push('');
  out.push(
    `Peak RSS (VmHWM, MB): ${Object.entries(r.peak_rss_mb)
      .map(([k, v]) => `${k} ${v ?? '-'}`)
      .join(', ')}`,
  );
  out.push('');
  out.push('Aims (reported, not asserted):');
  for (const [k, a] of Object.entries(r.aims))
    out.push(`  ${pad(k, 34, true)} aim ${pad(a.aim, 7, true)} measured ${pad(a.measured, 7, true)} ${a.met ? 'met' : 'NOT met'}`);
  if (!Object.keys(r.aims).some((k) => k.startsWith('deliveries')))
    out.push('  deliveries_per_s                   not measured (end to end unavailable)');
  out.push('');
  process.stdout.write(out.join('\n') + '\n');
}

main()
  .then((r) => {
    printReport(r);
    const file = path.join(RESULTS, `${r.timestamp.replace(/:/g, '-')}.json`);
    const json = JSON.stringify(r, null, 2) + '\n';
    fs.writeFileSync(file, json);
    fs.writeFileSync(path.join(RESULTS, 'latest.json'), json);
    // Keep the log directory only when something was logged (services log at warn).
    for (const f of fs.readdirSync(LOG_DIR)) {
      const full = path.join(LOG_DIR, f);
      if (fs.statSync(full).isFile() && fs.statSync(full).size === 0) fs.unlinkSync(full);
    }
    const kept = fs.readdirSync(LOG_DIR);
    if (kept.length === 0) fs.rmdirSync(LOG_DIR);
    process.stdout.write(`results: ${path.relative(ROOT, file)} and bench/results/latest.json${kept.length ? `; logs: ${LOG_DIR}` : ''}\n`);
    process.exit(0);
  })
  .catch(async (err) => {
    log(`FAILED: ${err.stack || err}`);
    await stopAll();
    if (brokerCleanup) await Promise.race([brokerCleanup(), sleep(5000)]);
    process.exit(1);
  });
