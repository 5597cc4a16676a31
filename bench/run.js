'use strict';
/**
 * `npm run bench`: Herald against a bare pipeline, in one run, on loopback. Plain CommonJS, no
 * build step of its own (the npm script builds the services first).
 *
 * Herald stacks one after the other on a fresh `herald_bench` database (BENCH_STACKS,
 * BENCH_DB_NAME); with bare among the stacks, the bare pipeline runs beside each Herald stack on
 * its own database (`herald_bench_bare`), their bursts and ingest alternating round by round, and
 * each Herald stack's ratios use the bare runs made beside it (BENCH_BARE_ONCE: bare alone first,
 * then each Herald stack alone):
 *   herald-rabbitmq  `npm start` (its launcher: every service, each its own process, with the
 *                    defaults), QUEUE_DRIVER=rabbitmq; the bench sets only addresses, LOG_LEVEL=warn
 *                    and no per-key rate limit (bench/lib/herald-stack.js)
 *   herald-postgres  the same, QUEUE_DRIVER=postgres (no broker)
 *   bare             bench/baseline: the same durable hops with none of Herald's features
 *                    (node:http -> one statement -> relay with confirms -> fan-out -> signed POST)
 * On each stack, with every stage running as users run it:
 *   0. warm-up, not measured: a burst of BENCH_E2E_WARMUP_EVENTS events at fan-out 1 and a tenth
 *      as many at fan-out 10, so that every stack is measured as it runs after its first minute,
 *      not while V8 compiles it (a fresh api spends ~1.1 ms per POST on its first 200 requests,
 *      0.6-0.8 up to ~2,000, then 0.36: JIT tiers, lazily compiled validators, a growing young
 *      generation), which 3-second bursts would otherwise mostly measure
 *   1. paced: 100 deliveries/s offered at fan-out 1 (latency through an idle pipeline)
 *   2. burst: 3,000 events x 1 webhook and 300 x 10, 32 publishers (throughput; latency is then
 *      mostly queueing), every delivery's signature checked at bench/lib/receiver.js; then steady:
 *      1,000 events x 10 the same way. 300 x 10 is over in under a second, so filling and
 *      draining the pipeline (and how fast the api accepts while the worker competes for the
 *      cores) weigh as much as the rate it then holds; 1,000 x 10 runs about as long as the
 *      fan-out 1 burst and shows that rate. Both are reported against the bare pipeline. Each
 *      burst runs BENCH_E2E_ROUNDS rounds and reports its median one (bench/lib/rounds.js).
 *   3. ingest while delivering: autocannon at 64 connections for 10 s while fan-out and the
 *      worker deliver; then the backlog must drain completely
 *   4. Herald stacks: webhooks to consumer endpoints (1 and 10 per consumer) against the same
 *      deliveries to webhook_url recipients, in turn: bench/scenarios/consumers.js
 *   5. Herald stacks: priorities (100 high / medium events behind a 20,000 low backlog) and
 *      fairness (project B's events while project A holds 20,000 queued): bench/scenarios/priority-fairness.js
 *   6. herald-rabbitmq only: scheduler lag (bench/scenarios/scheduler-lag.js), email and SMS (bench/scenarios/channels.js)
 * For each: CPU per process group (/proc), what PostgreSQL backends wait on, statement stats
 * (pg_stat_statements, when preloaded), peak RSS (VmHWM) per process. Ratios are Herald over bare
 * in the same run; a table on stdout, JSON in bench/results/<timestamp>.json and latest.json.
 *
 * Knobs (env, optional): BENCH_STACKS [bare,herald-rabbitmq,herald-postgres],
 * BENCH_E2E_F1_EVENTS [3000], BENCH_E2E_F10_EVENTS [300], BENCH_E2E_STEADY_EVENTS [1000] (0 skips),
 * BENCH_E2E_CONCURRENCY [32], BENCH_E2E_ROUNDS [3],
 * BENCH_E2E_WARMUP_EVENTS [3000] (0 skips),
 * BENCH_E2E_PACED_S [3] (0 skips), BENCH_INGEST_CONNECTIONS [64] (empty skips),
 * BENCH_DURATION_S [10], BENCH_WARMUP_S [2], the bare pipeline's BENCH_DB_POOL [10],
 * BENCH_FANOUT_PREFETCH [32] and BENCH_WEBHOOK_PREFETCH [64] (Herald's own variables, such as
 * WEBHOOK_PREFETCH, reach every Herald service from the bench's environment), BENCH_SKIP_PRIORITY, BENCH_SKIP_SCHEDULER, BENCH_SKIP_CHANNELS,
 * BENCH_SKIP_CONSUMERS (and the scenario's own BENCH_CONSUMER_* knobs),
 * BENCH_SKIP_E2E (warm-up, paced, bursts), BENCH_BARE_ONCE, BENCH_NODE_ARGS, BENCH_PROFILE (V8 CPU profiles of every service, written at exit into the log directory;
 * `node bench/tools/profile-summary.js <file>`), AMQP_URL, BENCH_PG_ADMIN_URL
 * [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DB_NAME [herald_bench] (dropped and
 * recreated: two benches on one server need two names).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const amqp = require('amqplib');
const { Child, stopAll, setLogDir, ROOT } = require('./lib/child');
const { setDatabaseName, cpuSample, peakRssMb } = require('./lib/sampling');
const { round, sleep } = require('./lib/stats');
const endToEnd = require('./scenarios/end-to-end');
const ingestWhileDelivering = require('./scenarios/ingest-while-delivering');
const heraldStack = require('./lib/herald-stack');
const { printReport } = require('./lib/report');
const { medianRound } = require('./lib/rounds');

const RESULTS = path.join(__dirname, 'results');
const env = process.env;
const num = (name, def) => (env[name] !== undefined && env[name] !== '' ? Number(env[name]) : def);
const list = (name, def) => (env[name] ?? def).split(',').filter(Boolean);

const S = {
  stacks: list('BENCH_STACKS', 'bare,herald-rabbitmq,herald-postgres'),
  e2eF1Events: num('BENCH_E2E_F1_EVENTS', 3000),
  e2eF10Events: num('BENCH_E2E_F10_EVENTS', 300),
  e2eSteadyEvents: num('BENCH_E2E_STEADY_EVENTS', 1000),
  e2eWarmupEvents: num('BENCH_E2E_WARMUP_EVENTS', 3000),
  e2eRounds: Math.max(1, num('BENCH_E2E_ROUNDS', 3)),
  concurrency: num('BENCH_E2E_CONCURRENCY', 32),
  pacedSeconds: num('BENCH_E2E_PACED_S', 3),
  pacedDeliveriesPerSec: 100,
  ingestConnections: list('BENCH_INGEST_CONNECTIONS', '64').map(Number),
  durationSec: num('BENCH_DURATION_S', 10),
  warmupSec: num('BENCH_WARMUP_S', 2),
  dbPool: num('BENCH_DB_POOL', 10),
  fanoutPrefetch: num('BENCH_FANOUT_PREFETCH', 32),
  webhookPrefetch: num('BENCH_WEBHOOK_PREFETCH', 64),
};
/** Issue 12's goals, reported against the bare pipeline of the same run, never asserted. */
const GOALS = { throughputRatio: 0.85, p99Ratio: 1.3, peakRssMb: 150, priorityP99Ms: 2000 };

const startedAt = new Date();
const TAG = String(startedAt.getTime());
const NAMESPACE = `bench-${TAG}.`;
const PG_ADMIN_URL = env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = env.BENCH_DB_NAME || 'herald_bench';
const AMQP_URL = env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const LOG_DIR = path.join(os.tmpdir(), `herald-bench-${TAG}`);
const SECRETS_KEY = randomBytes(32).toString('base64');

const log = (...a) => process.stderr.write(`[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)}s] ${a.join(' ')}\n`);

// ---------------------------------------------------------------- shared state

/** Role name -> child, for CPU attribution; roles() gives role -> pid of the living ones. */
const state = { roles: {}, probes: {}, channelEnv: {}, sinks: null };
const roles = () => Object.fromEntries(Object.entries(state.roles).map(([k, c]) => [k, c && c.alive ? c.pid : null]));
const setRole = (name, child) => (child ? (state.roles[name] = child) : delete state.roles[name]);

/**
 * BENCH_PROFILE: one .cpuprofile per process, written at exit into the log directory's profiles/.
 * BENCH_NODE_ARGS (space-separated) to try V8 or node flags on every process. The bare pipeline's
 * processes take `--cpu-prof`; Herald's services run under `npm start`'s launcher, which passes
 * flags on only through NODE_OPTIONS, where node refuses `--cpu-prof`: they load a profiler instead.
 */
const PROFILE_DIR = path.join(LOG_DIR, 'profiles');
const extraNodeArgs = env.BENCH_NODE_ARGS ? env.BENCH_NODE_ARGS.split(/\s+/).filter(Boolean) : [];
const nodeArgs = [...(env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), ...extraNodeArgs];
const serviceNodeArgs = [
  ...(env.BENCH_PROFILE ? [`--require=${path.join(__dirname, 'tools', 'cpu-profile-preload.js')}`] : []),
  ...extraNodeArgs,
];

function serviceEnv(extra = {}) {
  return {
    ...env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrlOf(DB_NAME),
    AMQP_URL,
    AMQP_NAMESPACE: NAMESPACE,
    LOG_LEVEL: 'warn',
    OPS_PORT: '0',
    SSRF_ALLOW_CIDRS: '127.0.0.0/8',
    HERALD_SECRETS_KEY: SECRETS_KEY,
    ...(env.BENCH_PROFILE ? { BENCH_PROFILE_DIR: PROFILE_DIR } : {}),
    // One key drives the whole load: the per-key limit would measure itself, not the pipeline.
    RATE_LIMIT_PER_SECOND: '0',
    // Where the email and SMS stand-ins listen (bench/scenarios/channels.js startSinks).
    ...state.channelEnv,
    ...extra,
  };
}

/** The bare pipeline's own database: it runs beside a Herald stack, whose database is DB_NAME. */
const BARE_DB = `${DB_NAME}_bare`;
const databaseUrlOf = (name) => Object.assign(new URL(PG_ADMIN_URL), { pathname: `/${name}` }).toString();

/** Runs `work` on a connection to the server's admin database. */
async function asAdmin(work) {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await work(c);
  } finally {
    await c.end();
  }
}

/** Drops a bench database, and its probe connection (state.probes) first. */
async function dropDatabase(name) {
  if (state.probes[name]) await state.probes[name].end().catch(() => undefined);
  delete state.probes[name];
  await asAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Drops and recreates a bench database; its probe connection (state.probes) follows it. */
async function resetDatabase(name = DB_NAME) {
  await dropDatabase(name);
  await asAdmin(async (c) => {
    await c.query(`CREATE DATABASE ${name}`);
    // Statements run by triggers show in the statement stats too (ignored where not allowed).
    await c.query(`ALTER DATABASE ${name} SET pg_stat_statements.track = 'all'`).catch(() => undefined);
    // Planning time too: the api sends its intake statements unnamed, so each of its calls is planned.
    await c.query(`ALTER DATABASE ${name} SET pg_stat_statements.track_planning = on`).catch(() => undefined);
  });
  const probe = new Client({ connectionString: databaseUrlOf(name), application_name: 'herald-bench-probe' });
  probe.on('error', () => undefined);
  await probe.connect();
  state.probes[name] = probe;
  return probe;
}

async function brokerVersion() {
  const conn = await amqp.connect(AMQP_URL);
  conn.on('error', () => undefined);
  const p = conn.connection && conn.connection.serverProperties;
  await conn.close().catch(() => undefined);
  return p ? `RabbitMQ ${p.version}` : 'RabbitMQ';
}

/** Removes the run's queues and exchanges from the broker (the postgres driver's go with the database). */
async function cleanupBroker() {
  try {
    const { TopologyNames, topologyQueues } = require('@herald/messaging');
    const { loadConfig } = require('@herald/config');
    const names = new TopologyNames(NAMESPACE);
    // The bare pipeline's queues, named as bench/baseline/index.js names them.
    const bareQueues = ['events', 'deliveries'].map((q) => `${NAMESPACE}bare.${q}`);
    const queues = [...topologyQueues(names, loadConfig(serviceEnv()).retryPolicies), ...bareQueues];
    const conn = await amqp.connect(AMQP_URL);
    conn.on('error', () => undefined);
    for (const q of queues) {
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      await ch.deleteQueue(q).catch(() => undefined);
      await ch.close().catch(() => undefined);
    }
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    for (const x of [names.eventsExchange, names.deliveriesExchange]) await ch.deleteExchange(x).catch(() => undefined);
    await conn.close().catch(() => undefined);
  } catch (err) {
    log(`could not remove the run's queues (${err.message})`);
  }
}

let interrupted = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${sig}: stopping every child process`);
    stopAll()
      .then(() => Promise.race([cleanupBroker(), sleep(5000)]))
      .finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------- stacks

/** A running stack: its processes, its database (and probe connection), how to post to it. */
async function startStack(name) {
  if (name === 'bare') {
    const pg = await resetDatabase(BARE_DB);
    const bare = await require('./baseline').start({
      databaseUrl: databaseUrlOf(BARE_DB),
      amqpUrl: AMQP_URL,
      prefix: NAMESPACE,
      signingSecret: BARE_SECRET,
      dbPool: S.dbPool,
      fanoutPrefetch: S.fanoutPrefetch,
      workerPrefetch: S.webhookPrefetch,
      Child,
      nodeArgs,
      log,
    });
    return {
      name: 'bare',
      db: BARE_DB,
      pg,
      eventsUrl: `${bare.url}/events`,
      apiKey: 'unused',
      signingSecrets: [BARE_SECRET],
      roles: bare.roles,
      processes: Object.values(bare.roles),
      stop: bare.stop,
    };
  }
  const driver = name.replace(/^herald-/, '');
  const stack = await heraldStack.start({
    driver,
    serviceEnv,
    Child,
    nodeArgs: serviceNodeArgs,
    log,
    resetDatabase: () => resetDatabase(),
  });
  return Object.assign(stack, { db: DB_NAME, pg: state.probes[DB_NAME] });
}
const BARE_SECRET = randomBytes(24).toString('hex');

/**
 * Opens a stack for measuring: its processes become roles (CPU attribution) and the receiver
 * accepts its signatures. `only` measures it with the other open stack's processes left out of the
 * CPU figures, and the statement and wait statistics read from its own database.
 */
async function openStack(name, receiver, receiverUrl, tag) {
  const stack = await startStack(name);
  for (const [role, child] of Object.entries(stack.roles)) setRole(role, child);
  const out = { stack: name, scenarios: [], ingest: [], peak_rss_mb: {} };
  const ownRoles = () => {
    const all = roles();
    for (const other of open) if (other !== stack) for (const role of Object.keys(other.roles)) delete all[role];
    return all;
  };
  const ctx = { stack, receiver, receiverUrl, roles: ownRoles, setRole, pg: stack.pg, tag, log, Child, env };
  const alive = () => stack.processes.every((p) => p.alive);
  const only = async (measurement) => {
    setDatabaseName(stack.db);
    return measurement(ctx);
  };
  open.push(stack);
  await trustSignatures(receiver);
  return { stack, out, ctx, alive, only };
}
/** The stacks running now (two while the bare pipeline runs beside a Herald stack). */
const open = [];

async function trustSignatures(receiver) {
  receiver.proc.send({ cmd: 'secrets', secrets: open.flatMap((st) => st.signingSecrets) });
  await receiver.message((m) => m.cmd === 'secrets', 5000);
}

async function closeStack(m, receiver) {
  for (const [role, child] of Object.entries(m.stack.roles)) m.out.peak_rss_mb[role] = peakRssMb(child.pid);
  const dead = m.stack.processes.find((p) => !p.alive);
  if (dead) m.out.crashed = dead.describeExit();
  open.splice(open.indexOf(m.stack), 1);
  try {
    await m.stack.stop();
  } finally {
    for (const role of Object.keys(m.stack.roles)) setRole(role, null);
    if (m.stack.db === BARE_DB) await dropDatabase(BARE_DB).catch(() => undefined);
  }
  if (open.length) await trustSignatures(receiver);
}

/** Unmeasured, but checked: a warm-up that lost or doubled deliveries would be a finding. */
async function warmUp(m) {
  if (!(S.e2eWarmupEvents > 0) || env.BENCH_SKIP_E2E) return;
  for (const [fanout, events] of [
    [1, S.e2eWarmupEvents],
    [10, Math.ceil(S.e2eWarmupEvents / 10)],
  ]) {
    const w = await m.only((ctx) => endToEnd.run(ctx, { mode: 'burst', fanout, events, concurrency: S.concurrency, warmup: true }));
    if (w.deliveries_missing || w.duplicates || w.bad_signatures) m.out.warmup_problems = (m.out.warmup_problems || []).concat(w);
  }
}

function e2ePlan() {
  if (env.BENCH_SKIP_E2E) return [];
  return [
    ...(S.pacedSeconds > 0
      ? [{ mode: 'paced', fanout: 1, ratePerSec: S.pacedDeliveriesPerSec, events: S.pacedDeliveriesPerSec * S.pacedSeconds }]
      : []),
    { mode: 'burst', fanout: 1, events: S.e2eF1Events },
    { mode: 'burst', fanout: 10, events: S.e2eF10Events },
    ...(S.e2eSteadyEvents > 0 ? [{ mode: 'steady', fanout: 10, events: S.e2eSteadyEvents }] : []),
  ];
}

/**
 * The bursts and the ingest of every stack in `measured`, round by round: with the bare pipeline
 * beside a Herald stack, round 1 measures bare then Herald, round 2 Herald then bare, and so on,
 * so the machine's drift (the bare pipeline has moved -37% between two passes of one run) lands
 * on both alike instead of on whichever ran later. The stack not being measured sits idle.
 */
async function burstsAndIngest(measured) {
  for (const sc of e2ePlan()) {
    const rounds = sc.mode === 'paced' ? 1 : S.e2eRounds;
    const results = measured.map(() => []);
    for (let i = 1; i <= rounds; i++) {
      const order = i % 2 ? measured : [...measured].reverse();
      for (const m of order) {
        if (!m.alive()) continue;
        results[measured.indexOf(m)].push(
          await m
            .only((ctx) => endToEnd.run(ctx, { ...sc, concurrency: S.concurrency, round: rounds > 1 ? i : null }))
            .catch((err) => ({ ...sc, unavailable: err.message })),
        );
      }
    }
    measured.forEach((m, k) => results[k].length && m.out.scenarios.push(medianRound(results[k])));
  }
  for (const connections of S.ingestConnections) {
    for (const m of measured) {
      if (!m.alive()) continue;
      m.out.ingest.push(
        await m
          .only((ctx) => ingestWhileDelivering.run(ctx, { connections, durationSec: S.durationSec, warmupSec: S.warmupSec }))
          .catch((err) => ({ connections, unavailable: err.message })),
      );
    }
  }
}

/** What only Herald has: consumers, priorities and fairness, scheduler lag, email and SMS. */
async function heraldOnly(m, receiverUrl, tag) {
  const { stack, out, ctx, alive } = m;
  setDatabaseName(stack.db);
  // Before the floods: the timing-out flood leaves ~1,400 deliveries retrying for minutes, which
  // would share the machine with the consumer scenario's bursts and weigh on their p99.
  if (alive()) {
    // Receiver runs are named by tag: the consumer scenario's webhook_url bursts are runs of their own.
    out.consumers = await require('./scenarios/consumers')
      .run({ ...ctx, tag: `${tag}-consumers`, concurrency: S.concurrency })
      .catch((err) => ({ available: false, reason: err.message }));
  }
  if (!env.BENCH_SKIP_PRIORITY && alive() && fs.existsSync(path.join(__dirname, 'scenarios', 'priority-fairness.js'))) {
    out.priority_fairness = await require('./scenarios/priority-fairness')
      .run({
        ...ctx,
        // Receiver runs are named by tag: each stack needs its own.
        tag: `${tag}-${stack.name}`,
        apiUrl: stack.apiUrl,
        apiKeyA: stack.projectA.api_key,
        apiKeyB: stack.projectB.api_key,
        apiKeyTimeout: stack.projectT.api_key,
      })
      .catch((err) => ({ available: false, reason: err.message }));
  }
  if (stack.driver === 'rabbitmq' && alive()) {
    const svcCtx = { apiUrl: stack.apiUrl, apiKey: stack.apiKey, receiverUrl, serviceEnv: stack.envFor, Child, log };
    if (!env.BENCH_SKIP_SCHEDULER)
      out.scheduler = await require('./scenarios/scheduler-lag')
        .run(svcCtx)
        .catch((err) => ({ available: false, reason: err.message }));
    out.channels = await require('./scenarios/channels')
      .run({ ...svcCtx, namespace: NAMESPACE, tag: TAG, cpuSample: () => cpuSample(ctx.roles), sinks: state.sinks, workers: stack.roles })
      .catch((err) => ({ available: false, reason: err.message }));
  }
}

/**
 * One Herald stack, and the bare pipeline beside it (`withBare`): both warm up, then their bursts
 * and ingest alternate round by round; the bare pipeline stops before the scenarios only Herald
 * has. Returns each stack's results (bare: undefined without it). A stack that does not start
 * is reported unavailable, not fatal.
 */
async function benchPair(name, withBare, receiver, receiverUrl) {
  const measured = [];
  const results = {};
  const attempt = async (stackName, body) => {
    try {
      await body();
    } catch (err) {
      log(`${stackName} failed: ${err.message.split('\n')[0]}`);
      results[stackName] = { stack: stackName, unavailable: err.message };
    }
  };
  try {
    for (const stackName of new Set([...(withBare ? ['bare'] : []), name])) {
      const tag = stackName === 'bare' && name !== 'bare' ? `${TAG}-beside-${name}` : TAG;
      await attempt(stackName, async () => measured.push(await openStack(stackName, receiver, receiverUrl, tag)));
    }
    for (const m of measured) await warmUp(m);
    await burstsAndIngest(measured);
    const bare = measured.find((m) => m.stack.name === 'bare');
    if (bare) {
      await closeStack(bare, receiver);
      results.bare = bare.out;
    }
    const herald = measured.find((m) => m.stack.name !== 'bare');
    if (herald) {
      await attempt(name, () => heraldOnly(herald, receiverUrl, TAG));
      await closeStack(herald, receiver);
      results[name] = results[name] || herald.out;
    }
  } finally {
    for (const st of [...open]) await st.stop().catch(() => undefined);
    open.length = 0;
  }
  return results;
}

// ---------------------------------------------------------------- main

async function main() {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  fs.mkdirSync(RESULTS, { recursive: true });
  setLogDir(LOG_DIR);
  setDatabaseName(DB_NAME);
  const result = {
    timestamp: startedAt.toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu_model: (os.cpus()[0] || {}).model,
      total_memory_gb: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
      load_average_at_start: os.loadavg().map((v) => round(v, 2)),
    },
    settings: { ...S, amqp_namespace: NAMESPACE, database: DB_NAME, log_dir: LOG_DIR },
    goals: GOALS,
    stacks: {},
  };
  log(`logs of every process in ${LOG_DIR}`);
  // How quiet is the machine before we start? Other work on a 2-core box depresses every figure.
  const quiet = cpuSample(roles);
  await sleep(2000);
  result.machine.before_start = quiet();
  if (result.machine.before_start.machine_busy_pct > 15)
    log(`WARNING: the machine was ${result.machine.before_start.machine_busy_pct}% busy before the bench started`);
  await resetDatabase();
  result.machine.postgres = (await state.probes[DB_NAME].query('SELECT version()')).rows[0].version.split(' on ')[0];
  try {
    result.machine.rabbitmq = await brokerVersion();
  } catch (err) {
    result.machine.rabbitmq = `unreachable (${err.message})`;
    const skipped = S.stacks.filter((s) => s !== 'herald-postgres');
    if (skipped.length) log(`RabbitMQ at ${AMQP_URL} unreachable: ${skipped.join(', ')} not measured`);
    for (const s of skipped) result.stacks[s] = { stack: s, unavailable: `RabbitMQ unreachable: ${err.message}` };
    S.stacks = S.stacks.filter((s) => s === 'herald-postgres');
  }

  const receiver = new Child('receiver', path.join(__dirname, 'lib', 'receiver.js'), [], env, { ipc: true });
  setRole('receiver', receiver);
  const { port } = await receiver.message((m) => m && m.ready, 10_000);
  const receiverUrl = `http://127.0.0.1:${port}/hook`;

  // The email and SMS stand-ins run before any Herald stack, so that `npm start`'s email and SMS
  // workers start pointed at them.
  if (!env.BENCH_SKIP_CHANNELS && S.stacks.some((s) => s !== 'bare')) {
    try {
      const { sinks, env: channelEnv } = await require('./scenarios/channels').startSinks(Child);
      setRole('channel-sinks', sinks);
      Object.assign(state, { sinks, channelEnv });
    } catch (err) {
      log(`the email and SMS stand-ins did not start (${err.message.split('\n')[0]}): email and SMS not measured`);
    }
  }

  // The bare pipeline runs beside each Herald stack, its bursts and ingest alternating with that
  // stack's round by round, and each Herald stack's ratios use the bare runs made beside it
  // (result.baselines). BENCH_BARE_ONCE: the bare pipeline alone first, then each Herald stack
  // alone, as runs before 2026-12-08 measured.
  const heralds = S.stacks.filter((s) => s !== 'bare');
  const withBare = S.stacks.includes('bare');
  const beside = withBare && heralds.length > 0 && !env.BENCH_BARE_ONCE;
  result.baselines = {};
  if (withBare && !beside) result.stacks.bare = (await benchPair('bare', false, receiver, receiverUrl)).bare;
  for (const name of heralds) {
    const pair = await benchPair(name, beside, receiver, receiverUrl);
    result.stacks[name] = pair[name];
    if (pair.bare) result.baselines[name] = pair.bare;
  }
  result.peak_rss_mb_receiver = peakRssMb(receiver.pid);
  for (const name of Object.keys(state.probes)) await state.probes[name].end().catch(() => undefined);
  await stopAll();
  await cleanupBroker();
  result.finished_in_s = round((Date.now() - startedAt.getTime()) / 1000, 1);
  return result;
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
    await Promise.race([cleanupBroker(), sleep(5000)]);
    process.exit(1);
  });
