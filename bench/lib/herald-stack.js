'use strict';
/**
 * Herald as users run it, for one queue driver: a fresh bench database, migrated, three projects
 * bootstrapped (one for the throughput scenarios; a fresh A and B for priorities and fairness,
 * whose fair-share buckets must start full), then `npm start`'s launcher (deploy/dev/start-all.js,
 * without the build its npm script runs first: the bench has built) with the defaults: it
 * supervises api, fanout, webhook-worker, email-worker, scheduler and, when Twilio is configured,
 * sms-worker, each its own process. The bench sets only what says where things are (database,
 * broker, queue namespace, port, the loopback receivers' addresses), LOG_LEVEL=warn, and no
 * per-key rate limit (one key drives the whole load).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT } = require('./child');
const { freePort, httpGet, sleep } = require('./stats');

const LAUNCHER = path.join(ROOT, 'deploy/dev/start-all.js');
const CLI = path.join(ROOT, 'services/api/dist/cli/main.js');
/** What `npm start` runs, in its order. */
const SERVICES = ['api', 'fanout', 'webhook-worker', 'email-worker', 'sms-worker', 'scheduler'];

function cli(args, childEnv) {
  const r = spawnSync(process.execPath, [CLI, ...args], { env: childEnv, cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`herald ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  for (const line of r.stdout.trim().split('\n').reverse()) {
    try {
      return JSON.parse(line);
    } catch {
      /* a log line */
    }
  }
  throw new Error(`herald ${args.join(' ')} printed no JSON: ${r.stdout}`);
}

/** The launcher's children (every thread's), read from /proc. */
function childrenOf(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * One service under the launcher, for CPU attribution, peak RSS and liveness: its pid is looked
 * up among the launcher's children by the entry point it runs (a restarted service gets a new one).
 */
class LaunchedService {
  constructor(launcher, name) {
    this.launcher = launcher;
    this.name = name;
    this.entry = `services/${name}/dist/main.js`;
    this.known = null;
  }
  get pid() {
    if (this.known && fs.existsSync(`/proc/${this.known}`)) return this.known;
    this.known = null;
    for (const pid of childrenOf(this.launcher.pid)) {
      try {
        if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(this.entry)) return (this.known = pid);
      } catch {
        /* gone */
      }
    }
    return null;
  }
  get alive() {
    return this.launcher.alive && this.pid !== null;
  }
  describeExit() {
    return this.launcher.alive ? `${this.name} is not running under npm start` : this.launcher.describeExit();
  }
}

const quietLogger = { debug() {}, info() {}, warn() {}, error() {}, child: () => quietLogger };

/** Waits until every queue has a consumer, through the same driver the services use. */
async function waitConsumers(serviceEnv, queues, processes, timeoutMs = 30_000) {
  const { loadConfig } = require('@herald/config');
  const { openMessageQueue } = require('@herald/messaging');
  const mq = await openMessageQueue(loadConfig(serviceEnv), quietLogger, 'herald-bench-probe');
  try {
    await mq.ready();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const dead = processes.find((p) => !p.alive);
      if (dead) throw new Error(dead.describeExit());
      const stats = await mq.inspectQueues(queues);
      const waiting = stats.filter((s) => s.consumers === 0).map((s) => s.name);
      if (waiting.length === 0) return;
      if (Date.now() > deadline) throw new Error(`no consumer on ${waiting.join(', ')} within ${timeoutMs} ms`);
      await sleep(250);
    }
  } finally {
    await mq.close().catch(() => undefined);
  }
}

/**
 * Starts the stack. `serviceEnv(extra)` gives the environment every service shares (database,
 * namespace, secrets key); `driver` is 'rabbitmq' or 'postgres'.
 */
async function start({ driver, serviceEnv, Child, nodeArgs, log, resetDatabase }) {
  for (const file of [LAUNCHER, CLI, ...SERVICES.map((n) => path.join(ROOT, 'services', n, 'dist', 'main.js'))]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run npm run build`);
  }
  await resetDatabase();
  const envFor = (extra = {}) => serviceEnv({ QUEUE_DRIVER: driver, ...extra });
  cli(['migrate'], envFor());
  const main = cli(['bootstrap', '--name', `bench-${driver}`], envFor());
  const projectA = cli(['bootstrap', '--name', `bench-a-${driver}`], envFor());
  const projectB = cli(['bootstrap', '--name', `bench-b-${driver}`], envFor());
  // The timing-out flood's project: its circuit (per project and origin) stays open after it, and
  // would hold project A's next flood to the same receiver.
  const projectT = cli(['bootstrap', '--name', `bench-t-${driver}`], envFor());

  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}/api/v1`;
  // Node flags (BENCH_PROFILE, BENCH_NODE_ARGS) reach the services through the environment the
  // launcher passes on.
  const nodeOptions = [process.env.NODE_OPTIONS, ...nodeArgs].filter(Boolean).join(' ');
  const launcher = new Child(
    `herald-${driver}`,
    LAUNCHER,
    [],
    envFor({ PORT: String(apiPort), ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) }),
  );
  const services = Object.fromEntries(SERVICES.map((name) => [name, new LaunchedService(launcher, name)]));
  const deadline = Date.now() + 60_000;
  while ((await httpGet(`${apiUrl}/health`)) !== 200) {
    if (!launcher.alive) throw new Error(launcher.describeExit());
    if (Date.now() > deadline) throw new Error(`api not healthy within 60 s: ${launcher.tail.slice(-5).join(' | ')}`);
    await sleep(200);
  }
  const { TopologyNames } = require('@herald/messaging');
  const names = new TopologyNames(envFor().AMQP_NAMESPACE);
  const lanes = ['high', 'medium', 'low'];
  await waitConsumers(
    envFor(),
    lanes.flatMap((p) => [names.fanoutLane(p), names.deliveryQueue('webhook', p)]),
    [launcher],
  );
  // The launcher spawns every service at once; one it left out (sms-worker without Twilio
  // settings) has no process.
  const roles = Object.fromEntries(
    Object.values(services)
      .filter((s) => s.pid !== null)
      .map((s) => [s.name, s]),
  );
  log(`herald (npm start, ${driver} driver) up: ${apiUrl}; services: ${Object.keys(roles).join(', ')}`);
  return {
    name: `herald-${driver}`,
    driver,
    eventsUrl: `${apiUrl}/events`,
    apiUrl,
    apiKey: main.api_key,
    projectA,
    projectB,
    projectT,
    signingSecrets: [main, projectA, projectB, projectT].map((p) => p.webhook_signing_secret),
    roles,
    processes: [launcher, ...Object.values(roles)],
    envFor,
    async stop() {
      await launcher.stop(20_000);
    },
  };
}

module.exports = { start, cli };
