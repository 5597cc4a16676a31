import { loadConfig } from '@herald/config';
import { Database } from '@herald/db';
import { createLogger } from '@herald/logger';
import { BrokerUnavailableError, openMessageQueue, type MessageQueue } from '@herald/messaging';
import type { Command } from 'commander';
import { PlatformHealthCheck, type HealthDatabase, type PlatformHealth } from '../../health/platform-health';
import { integerArgument } from '../arguments';
import { printJson, printTable } from '../output';
import { EXIT } from '../program';

const DEFAULT_WAIT_S = 5;

/** Resolves with what `work` gives, or rejects once `ms` have passed: a server that never answers must not hang the command. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms).unref()),
  ]);
}

/** Stands in for a database that could not be reached, so the health check reports it down with the reason. */
function unreachable(err: Error): HealthDatabase {
  return { ping: () => Promise.reject(err), query: () => Promise.reject(err) };
}

/** Stands in for a queue that could not be opened (the postgres driver needs its database at start). */
function unreachableQueue(err: Error): MessageQueue {
  const down = () => Promise.reject(new BrokerUnavailableError(err.message));
  return {
    driver: 'postgres',
    isConnected: false,
    ready: async () => undefined,
    publish: down,
    publishDelayed: down,
    consumer: () => {
      throw err;
    },
    topologyQueues: () => [],
    inspectQueues: down,
    close: async () => undefined,
  };
}

function age(seconds: number | null): string {
  return seconds === null ? '-' : `${seconds} s`;
}

function printHealth(h: PlatformHealth): void {
  const outbox = h.outbox ? `${h.outbox.backlog} waiting, oldest ${age(h.outbox.oldest_age_seconds)}` : 'unknown (database down)';
  const scheduled = h.scheduled_events
    ? `${h.scheduled_events.due} due, oldest ${age(h.scheduled_events.oldest_due_age_seconds)} overdue`
    : 'unknown (database down)';
  printTable(
    ['PART', 'STATE'],
    [
      ['status', h.status],
      ['database', h.database],
      ['broker', h.broker],
      ['queue driver', h.queue_driver],
      ['outbox', outbox],
      ['scheduled events', scheduled],
    ],
  );
  if (h.queues.length === 0) return;
  process.stdout.write('\n');
  printTable(
    ['QUEUE', 'MESSAGES', 'CONSUMERS'],
    h.queues.map((q) => [q.name, q.messages, q.consumers]),
  );
}

export function registerStatus(program: Command): void {
  program
    .command('status')
    .usage('[--json] [--wait SECONDS]')
    .summary(
      'database, broker, each queue with its depth and consumers, outbox backlog, scheduled events due; exit 1 when something is down',
    )
    .description(
      'What GET /admin/health shows (the same check): database and broker state, every queue of the topology with ' +
        'its depth and consumer count (null for a queue the broker does not have), the outbox backlog and its oldest ' +
        'age, and pending scheduled events already due. A server that does not answer is reported down after at most ' +
        '--wait seconds to connect plus 2 s per check; nothing hangs.\n' +
        'Exit code: 0 when healthy, 1 when the database or the broker is down.',
    )
    .option('--json', 'the GET /admin/health document instead of a table')
    .option('--wait <SECONDS>', 'how long to wait for each connection, 1 to 60', String(DEFAULT_WAIT_S))
    .action(async (options: { json?: boolean; wait: string }) => {
      const waitMs = integerArgument('--wait', options.wait, 1, 60) * 1000;
      const config = loadConfig();
      // Silent: the broker client's own warnings would mix JSON log lines into the output.
      const logger = createLogger('cli', 'silent');
      const [db, broker] = await Promise.all([
        within(waitMs, 'PostgreSQL', Database.connect(config.DATABASE_URL, 2)).catch((err: Error) => err),
        within(waitMs, 'the queue', openMessageQueue(config, logger, 'herald-cli')).catch((err: Error) => unreachableQueue(err)),
      ]);
      // Not connected by then: the check reports the broker down.
      await within(waitMs, 'the queue', broker.ready()).catch(() => undefined);
      const health = await new PlatformHealthCheck(db instanceof Error ? unreachable(db) : db, broker).check();
      await within(waitMs, 'closing', Promise.all([broker.close(), db instanceof Error ? undefined : db.close()])).catch(() => undefined);
      if (options.json) printJson(health);
      else printHealth(health);
      if (health.status !== 'healthy') process.exitCode = EXIT.failed;
    });
}
