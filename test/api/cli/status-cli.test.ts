import { TEST_QUEUE_DRIVER } from '../../support/test-env';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { useSystem } from '../../support/system-fixture';
import { cliEnv, herald, useScratchDatabase } from './cli-process';

/**
 * `herald status` against this file's broker namespace, where the fixture's fan-out consumes, and
 * a database of its own, so the outbox and scheduled counts are exactly what the test put there.
 */
const f = useSystem();
const scratch = useScratchDatabase('cli_status');
afterAll(() => scratch.drop());
/**
 * With RabbitMQ the fixture's fan-out (on the shared database) consumes the namespace's queue the
 * command inspects; with the postgres driver queues live in each database, and the command reads
 * the scratch one, where nothing consumes. A silent broker only exists with RabbitMQ.
 */
const FANOUT_CONSUMERS = TEST_QUEUE_DRIVER === 'rabbitmq' ? 1 : 0;
const withBroker = (name: string, fn: () => Promise<void>) => (TEST_QUEUE_DRIVER === 'rabbitmq' ? it(name, fn) : undefined);
const env = () => ({ ...cliEnv(f.config), DATABASE_URL: scratch.url });

beforeAll(async () => {
  expect((await herald(env(), 'migrate')).code).toBe(0);
  const { project_id: projectId } = JSON.parse((await herald(env(), 'bootstrap', '--name', 'status')).stdout);
  const db = new Client({ connectionString: scratch.url });
  await db.connect();
  try {
    // Two messages waiting for a relay (none runs on this database), the older 2 minutes old,
    // and a scheduled event 5 minutes overdue (no scheduler runs either).
    await db.query(`INSERT INTO outbox (exchange, routing_key, payload, created_at)
                    VALUES ('x', 'y', '{}', now() - interval '2 minutes'), ('x', 'y', '{}', now())`);
    await db.query(
      `INSERT INTO scheduled_events (project_id, api_key_id, event_type, scheduled_for, request)
       VALUES ($1, gen_random_uuid(), 'due', now() - interval '5 minutes', '{}'), ($1, gen_random_uuid(), 'later', now() + interval '1 day', '{}')`,
      [projectId],
    );
  } finally {
    await db.end();
  }
});

describe('herald status (the compiled program)', () => {
  it('when everything answers, then --json shows every queue with its depth and consumers, the outbox backlog and the scheduled events due', async () => {
    const run = await herald(env(), 'status', '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const health = JSON.parse(run.stdout);
    expect(health).toMatchObject({ status: 'healthy', database: 'ok', broker: 'ok' });
    const ns = f.config.AMQP_NAMESPACE;
    // The fixture's fan-out consumes its queue; no webhook worker runs in this file.
    expect(health.queues).toContainEqual({ name: `${ns}fanout.events`, messages: 0, consumers: FANOUT_CONSUMERS });
    expect(health.queues).toContainEqual({ name: `${ns}webhook-worker.deliveries`, messages: 0, consumers: 0 });
    expect(health.queues.every((q: { name: string }) => q.name.startsWith(ns))).toBe(true);
    expect(health.outbox).toEqual({ backlog: 2, oldest_age_seconds: expect.any(Number) });
    expect(health.outbox.oldest_age_seconds).toBeGreaterThanOrEqual(120);
    expect(health.scheduled_events).toEqual({ due: 1, oldest_due_age_seconds: expect.any(Number) });
    expect(health.scheduled_events.oldest_due_age_seconds).toBeGreaterThanOrEqual(300);
  });

  it('when no option is given, then the same is a table', async () => {
    const run = await herald(env(), 'status');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^status\s+healthy$/m);
    expect(run.stdout).toMatch(/^outbox\s+2 waiting, oldest \d+ s$/m);
    expect(run.stdout).toMatch(/^scheduled events\s+1 due/m);
    expect(run.stdout).toMatch(
      new RegExp(`^${f.config.AMQP_NAMESPACE.replace('.', '\\.')}fanout\\.events\\s+0\\s+${FANOUT_CONSUMERS}$`, 'm'),
    );
  });

  withBroker(
    'when the broker accepts connections but never answers, then status reports it down, still shows the database, and exits 1',
    async () => {
      const sockets: Socket[] = [];
      const silent: Server = createServer((s) => sockets.push(s)).listen(0, '127.0.0.1');
      await once(silent, 'listening');
      try {
        const { port } = silent.address() as AddressInfo;
        const run = await herald({ ...env(), AMQP_URL: `amqp://guest:hunter2@127.0.0.1:${port}` }, 'status', '--json', '--wait', '1');
        expect(run.code).toBe(1);
        const health = JSON.parse(run.stdout);
        expect(health).toMatchObject({ status: 'unhealthy', database: 'ok', broker: expect.stringMatching(/^error: /), queues: [] });
        expect(health.outbox.backlog).toBe(2);
        expect(run.stdout + run.stderr).not.toContain('hunter2');
      } finally {
        for (const s of sockets) s.destroy();
        silent.close();
      }
    },
  );

  it('when the database refuses connections, then status reports it down with its address masked and exits 1', async () => {
    const run = await herald({ ...env(), DATABASE_URL: 'postgres://ops:hunter2@127.0.0.1:1/herald' }, 'status', '--wait', '1');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^status\s+unhealthy$/m);
    expect(run.stdout).toMatch(/^database\s+error: cannot connect to PostgreSQL at postgres:\/\/\*\*\*\*:\*\*\*\*@127\.0\.0\.1:1\/herald/m);
    // With the postgres queue driver the queue lives in that same database, so it is down too.
    expect(run.stdout).toMatch(TEST_QUEUE_DRIVER === 'rabbitmq' ? /^broker\s+ok$/m : /^broker\s+error/m);
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it('when --wait is out of range, then one line says so and the exit code is 2', async () => {
    const run = await herald(env(), 'status', '--wait', '0');
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'herald status: --wait must be a whole number from 1 to 60\n' });
  });

  it('when --help is given, then the exit codes are documented', async () => {
    const run = await herald(env(), 'status', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: herald status \[--json\] \[--wait SECONDS\]/);
    expect(run.stdout).toMatch(/Exit code: 0 when healthy, 1 when the database or the broker is down/);
  });
});

describe('herald migrate --status (the compiled program)', () => {
  it('when the database is migrated, then nothing is pending, as a table and as JSON', async () => {
    const json = await herald(env(), 'migrate', '--status', '--json');
    expect(json.code).toBe(0);
    const states = JSON.parse(json.stdout);
    expect(states.pending).toEqual([]);
    expect(states.applied).toContain('SystemAccounts1763995000000');
    const table = await herald(env(), 'migrate', '--status');
    expect(table.stdout).toMatch(/^InitialSchema1763780000000\s+applied$/m);
    expect(table.stdout).toMatch(new RegExp(`^${states.applied.length} applied, 0 pending$`, 'm'));
  });

  it('when a database does not exist yet, then every migration is pending and nothing is created', async () => {
    const missing = new URL(scratch.url);
    missing.pathname = `${missing.pathname}_never_created`;
    const run = await herald({ ...env(), DATABASE_URL: missing.toString() }, 'migrate', '--status', '--json');
    expect(run.code).toBe(0);
    const states = JSON.parse(run.stdout);
    expect(states.applied).toEqual([]);
    expect(states.pending[0]).toBe('InitialSchema1763780000000');
    const again = await herald({ ...env(), DATABASE_URL: missing.toString() }, 'migrate', '--status', '--json');
    expect(JSON.parse(again.stdout).applied).toEqual([]);
  });

  it('when --json is given without --status, then it is refused with exit code 2', async () => {
    expect(await herald(env(), 'migrate', '--json')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'herald migrate: --json goes with --status\n',
    });
  });
});
