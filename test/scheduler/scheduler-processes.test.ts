import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Database, migrate } from '@herald/db';
import { Client } from 'pg';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';
import { TEST_DATABASE_URL, TEST_QUEUE_LEASE_MS, testConfig } from '../support/test-env';

/**
 * Real scheduler processes (`node services/scheduler/dist/main.js`, built by `npx tsc -b`)
 * against a database of this file's own, so no other scheduler claims its rows.
 */
const ENTRY = join(__dirname, '..', '..', 'services', 'scheduler', 'dist', 'main.js');
const dbName = `herald_test_sched_${randomBytes(4).toString('hex')}`;
const url = new URL(TEST_DATABASE_URL);
url.pathname = `/${dbName}`;
const config = testConfig({ DATABASE_URL: url.toString() });
let db: Database;
let projectId: string;
let apiKeyId: string;
const running = new Set<SchedulerProcess>();

interface SchedulerProcess {
  child: ChildProcess;
  /** Parsed JSON log lines so far. */
  logs: Array<Record<string, unknown>>;
  exited: Promise<number | null>;
}

function spawnScheduler(intervalMs: number): SchedulerProcess {
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      OPS_PORT: '0',
      DATABASE_URL: config.DATABASE_URL,
      // The driver under test: without it the postgres-queue run of this file used RabbitMQ (and
      // left its queues behind, since that run's cleanup only purges the queue tables).
      QUEUE_DRIVER: config.QUEUE_DRIVER,
      QUEUE_LEASE_MS: TEST_QUEUE_LEASE_MS,
      AMQP_URL: config.AMQP_URL,
      AMQP_NAMESPACE: config.AMQP_NAMESPACE,
      HERALD_SECRETS_KEY: config.secretsKey.toString('base64'),
      SCHEDULER_INTERVAL_MS: String(intervalMs),
      OUTBOX_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const proc: SchedulerProcess = {
    child,
    logs: [],
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      proc.logs.push(JSON.parse(line));
    } catch {
      proc.logs.push({ message: line });
    }
  });
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

async function started(proc: SchedulerProcess): Promise<void> {
  await eventually(() => expect(proc.logs.some((l) => l.message === 'scheduler started')).toBe(true), 30000);
}

/** Dispatched counts the process reported in its tick log lines. */
const dispatchedBy = (proc: SchedulerProcess) =>
  proc.logs.filter((l) => l.message === 'scheduler tick').reduce((n, l) => n + Number(l.dispatched ?? 0), 0);

/** n pending webhook events of this file's project, an hour ahead (not due until moved). */
async function insertPending(n: number, tag: string): Promise<void> {
  await db.query(
    `INSERT INTO scheduled_events (project_id, api_key_id, event_type, scheduled_for, request)
     SELECT $1, $2, $3, now() + interval '1 hour',
            jsonb_build_object('event_type', $3::text, 'payload', jsonb_build_object('n', i),
                               'recipients', jsonb_build_array(jsonb_build_object('channels', jsonb_build_array('webhook'),
                                                                                   'webhook_url', 'http://127.0.0.1:9/hook')),
                               'inline', jsonb_build_object('html', '<p>x</p>'))
       FROM generate_series(1, $4::int) AS i`,
    [projectId, apiKeyId, tag, n],
  );
}

async function counts(tag: string) {
  const { rows } = await db.query<{ pending: number; dispatched: number; events: number; distinct_events: number }>(
    `SELECT count(*) FILTER (WHERE s.status = 'pending')::int AS pending,
            count(*) FILTER (WHERE s.status = 'dispatched')::int AS dispatched,
            (SELECT count(*)::int FROM events e WHERE e.project_id = $1 AND e.event_type = $2) AS events,
            count(DISTINCT s.event_id)::int AS distinct_events
       FROM scheduled_events s WHERE s.project_id = $1 AND s.event_type = $2`,
    [projectId, tag],
  );
  return rows[0];
}

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npx tsc -b\` first`);
  await migrate(config.DATABASE_URL);
  db = await Database.connect(config.DATABASE_URL, 2);
  ({ project_id: projectId, api_key_id: apiKeyId } = await aProject(db, config));
});

afterAll(async () => {
  for (const proc of running) proc.child.kill('SIGKILL');
  await db.close();
  await deleteTestTopology(config);
  const admin = new Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
});

async function stop(proc: SchedulerProcess): Promise<void> {
  proc.child.kill('SIGTERM');
  expect(await proc.exited).toBe(0);
}

describe('scheduler processes', () => {
  it('when two schedulers race for the same due events, then every event is dispatched exactly once', async () => {
    const a = spawnScheduler(50);
    const b = spawnScheduler(50);
    await Promise.all([started(a), started(b)]);
    await insertPending(600, 'race');
    // All due at the same instant, with both processes polling every 50 ms.
    await db.query("UPDATE scheduled_events SET scheduled_for = now() WHERE project_id = $1 AND event_type = 'race'", [projectId]);

    await eventually(async () => expect((await counts('race')).dispatched).toBe(600), 60000);
    expect(await counts('race')).toEqual({ pending: 0, dispatched: 600, events: 600, distinct_events: 600 });
    // Each process logs what it dispatched: together exactly the 600, however they split them.
    await eventually(() => expect(dispatchedBy(a) + dispatchedBy(b)).toBe(600));
    process.stdout.write(`scheduler race split: ${dispatchedBy(a)} + ${dispatchedBy(b)}\n`);
    await Promise.all([stop(a), stop(b)]);
  });

  it('when a scheduler is killed mid-tick, then every row is either pending or dispatched with its event, and a restart finishes the rest once', async () => {
    const total = 4000;
    await insertPending(total, 'crash');
    const victim = spawnScheduler(50);
    await started(victim);
    await db.query("UPDATE scheduled_events SET scheduled_for = now() WHERE project_id = $1 AND event_type = 'crash'", [projectId]);
    await eventually(async () => expect((await counts('crash')).dispatched).toBeGreaterThan(0), 30000, 5);
    victim.child.kill('SIGKILL');
    await victim.exited;

    const afterKill = await counts('crash');
    expect(afterKill.dispatched).toBeLessThan(total); // it really died mid-tick
    expect(afterKill.pending + afterKill.dispatched).toBe(total);
    expect(afterKill.events).toBe(afterKill.dispatched); // no event without its status change, and none lost
    expect(afterKill.distinct_events).toBe(afterKill.dispatched);

    const successor = spawnScheduler(50);
    await eventually(async () => expect((await counts('crash')).dispatched).toBe(total), 60000);
    expect(await counts('crash')).toEqual({ pending: 0, dispatched: total, events: total, distinct_events: total });
    await stop(successor);
  });

  it('when two schedulers run at the test cadence, then due events are dispatched within moments of scheduled_for (lag measured)', async () => {
    const a = spawnScheduler(1000);
    const b = spawnScheduler(1000);
    await Promise.all([started(a), started(b)]);
    await insertPending(40, 'lag');
    // Spread over the next 4 s: most fall due between two ticks of the 1 s interval.
    await db.query(
      `UPDATE scheduled_events s SET scheduled_for = now() + interval '1500 ms' + (x.i * interval '100 ms')
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM scheduled_events WHERE project_id = $1 AND event_type = 'lag') x
        WHERE s.id = x.id`,
      [projectId],
    );
    await eventually(async () => expect((await counts('lag')).dispatched).toBe(40), 30000);
    const { rows } = await db.query<{ p50: number; p95: number; max: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY lag) AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY lag) AS p95, max(lag) AS max
         FROM (SELECT extract(epoch FROM e.created_at - s.scheduled_for) * 1000 AS lag
                 FROM scheduled_events s JOIN events e ON e.id = s.event_id WHERE s.project_id = $1 AND s.event_type = 'lag') t`,
      [projectId],
    );
    const lag = Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Math.round(Number(v))]));
    process.stdout.write(`scheduler dispatch lag, 2 processes, SCHEDULER_INTERVAL_MS=1000 (ms): ${JSON.stringify(lag)}\n`);
    expect(await counts('lag')).toMatchObject({ pending: 0, events: 40, distinct_events: 40 });
    await Promise.all([stop(a), stop(b)]);
  });
});
