'use strict';
/**
 * Herald as users run it, for one queue driver: a fresh bench database, migrated, three projects
 * bootstrapped (one for the throughput scenarios; a fresh A and B for priorities and fairness,
 * whose fair-share buckets must start full), then api,
 * fanout and webhook-worker each as its own process, started with QUEUE_DRIVER set.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT } = require('./child');
const { freePort, httpGet, sleep } = require('./stats');

const ENTRIES = {
  api: path.join(ROOT, 'services/api/dist/main.js'),
  fanout: path.join(ROOT, 'services/fanout/dist/main.js'),
  'webhook-worker': path.join(ROOT, 'services/webhook-worker/dist/main.js'),
  cli: path.join(ROOT, 'services/api/dist/cli/main.js'),
};

function cli(args, childEnv) {
  const r = spawnSync(process.execPath, [ENTRIES.cli, ...args], { env: childEnv, cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
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
  for (const name of Object.keys(ENTRIES)) {
    if (!fs.existsSync(ENTRIES[name])) throw new Error(`${path.relative(ROOT, ENTRIES[name])} is missing: run npm run build`);
  }
  await resetDatabase();
  const envFor = (extra = {}) => serviceEnv({ QUEUE_DRIVER: driver, ...extra });
  cli(['migrate'], envFor());
  const main = cli(['bootstrap', '--name', `bench-${driver}`], envFor());
  const projectA = cli(['bootstrap', '--name', `bench-a-${driver}`], envFor());
  const projectB = cli(['bootstrap', '--name', `bench-b-${driver}`], envFor());

  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}/api/v1`;
  const label = (name) => `${name}-${driver}`;
  const api = new Child(label('api'), ENTRIES.api, [], envFor({ PORT: String(apiPort) }), { nodeArgs });
  const fanout = new Child(label('fanout'), ENTRIES.fanout, [], envFor(), { nodeArgs });
  const worker = new Child(label('webhook-worker'), ENTRIES['webhook-worker'], [], envFor(), { nodeArgs });
  const processes = [api, fanout, worker];
  const deadline = Date.now() + 30_000;
  while ((await httpGet(`${apiUrl}/health`)) !== 200) {
    if (!api.alive) throw new Error(api.describeExit());
    if (Date.now() > deadline) throw new Error(`api not healthy within 30 s: ${api.tail.slice(-5).join(' | ')}`);
    await sleep(200);
  }
  const { TopologyNames } = require('@herald/messaging');
  const names = new TopologyNames(envFor().AMQP_NAMESPACE);
  const lanes = ['high', 'medium', 'low'];
  await waitConsumers(
    envFor(),
    lanes.flatMap((p) => [names.fanoutLane(p), names.deliveryQueue('webhook', p)]),
    processes,
  );
  log(`herald (${driver} driver) up: ${apiUrl}`);
  return {
    name: `herald-${driver}`,
    driver,
    eventsUrl: `${apiUrl}/events`,
    apiUrl,
    apiKey: main.api_key,
    projectA,
    projectB,
    signingSecrets: [main, projectA, projectB].map((p) => p.webhook_signing_secret),
    roles: { api, fanout, 'webhook-worker': worker },
    processes,
    envFor,
    async stop() {
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
}

module.exports = { start, cli };
