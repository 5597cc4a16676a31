import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { loadConfig, redactUrl, type Config } from '@herald/config';
import { TopologyNames, topologyQueues } from '@herald/messaging';
import { connect } from 'amqplib';

/**
 * Every RabbitMQ namespace a test configuration hands out, written where global teardown finds
 * it: a file that stops early, fails, or never deletes its topology would otherwise leave its
 * quorum queues and exchanges on the broker (~1,000 queues after a session's runs).
 */
const REGISTRY = 'HERALD_TEST_TOPOLOGY_REGISTRY';

/** Global setup: where this run's workers (started after it) record their namespaces. */
export function openTopologyRegistry(path: string): void {
  process.env[REGISTRY] ??= path;
}

/** The retry ladders of a process started without retry settings (some tests spawn services so). */
const DEFAULT_RETRY_POLICIES = loadConfig({ HERALD_SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') }).retryPolicies;

/** Records the queues and exchanges `config`'s namespace may get: its retry ladder's, and the default one's. */
export function registerTestTopology(config: Config): void {
  const path = process.env[REGISTRY];
  if (!path || config.QUEUE_DRIVER !== 'rabbitmq') return;
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  const queues = new Set([...topologyQueues(names, config.retryPolicies), ...topologyQueues(names, DEFAULT_RETRY_POLICIES)]);
  const entry = { url: config.AMQP_URL, queues: [...queues], exchanges: [names.eventsExchange, names.deliveriesExchange] };
  appendFileSync(path, `${JSON.stringify(entry)}\n`);
}

/** Global teardown: deletes everything recorded (deleting what is already gone is a no-op), then the record. */
export async function deleteRegisteredTopologies(): Promise<void> {
  const path = process.env[REGISTRY];
  if (!path) return;
  let lines: string[];
  try {
    lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  } catch {
    return; // nothing was registered, or another project's teardown already did it
  }
  rmSync(path, { force: true });
  const entries = lines.map((l) => JSON.parse(l) as { url: string; queues: string[]; exchanges: string[] });
  for (const url of new Set(entries.map((e) => e.url))) {
    const queues = new Set(entries.filter((e) => e.url === url).flatMap((e) => e.queues));
    const exchanges = new Set(entries.filter((e) => e.url === url).flatMap((e) => e.exchanges));
    try {
      const conn = await connect(url);
      try {
        const ch = await conn.createChannel();
        for (const q of queues) await ch.deleteQueue(q);
        for (const x of exchanges) await ch.deleteExchange(x);
        await ch.close();
      } finally {
        await conn.close();
      }
    } catch (err) {
      // Hygiene, not a test: a broker that went away leaves queues behind, it fails nothing.
      process.stdout.write(`herald tests: test queues not deleted from ${redactUrl(url)}: ${(err as Error).message}\n`);
    }
  }
}
