import { TopologyNames } from '@herald/messaging';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { openQueueProbe, type QueueProbe } from '../../support/queue-probe';
import { eventually } from '../../support/eventually';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';
import { cliEnv, herald, useScratchDatabase } from './cli-process';

/**
 * `herald dead-letter replay` covers every project unless told otherwise, so it runs on a database
 * of its own (a replay on the shared one would take other files' dead letters). The api started
 * here on that database relays the requeued deliveries; no webhook worker runs, so they stay in
 * this file's webhook queue, where they are counted.
 */
const scratch = useScratchDatabase('cli_replay');
const config = testConfig({ DATABASE_URL: scratch.url });
const names = new TopologyNames(config.AMQP_NAMESPACE);
const env = () => cliEnv(config);
let system: RunningSystem;
let probe: QueueProbe;

beforeAll(async () => {
  expect((await herald(env(), 'migrate')).code).toBe(0);
  system = await startSystem(config);
  probe = await openQueueProbe(config);
});
afterAll(async () => {
  await probe?.close();
  await system?.stop();
  await deleteTestTopology(config);
  await scratch.drop();
});

async function aProject(): Promise<string> {
  const run = await herald(env(), 'bootstrap', '--name', `replay-${Math.random()}`);
  return JSON.parse(run.stdout).project_id;
}

/** n failed notifications (3 attempts made, each its own event) with their active dead letters; returns the dead letters' ids. */
async function deadLetters(projectId: string, n: number, channel = 'webhook', createdAt = 'now()'): Promise<string[]> {
  const { rows } = await system.api.db.query<{ id: string }>(
    `WITH ev AS (
       INSERT INTO events (id, project_id, event_type, status, payload, recipients, content, request_hash, recipient_count,
                           notification_count, failed_count, has_failures)
       SELECT gen_random_uuid(), $1, 'replay', 'failed', '{}', '[]', '{}', 'test', 1, 1, 1, true FROM generate_series(1, $2::int)
       RETURNING id
     ), n AS (
       INSERT INTO notifications (project_id, event_id, recipient_index, channel, recipient, status, retry_count, last_error)
       SELECT $1, id, 0, $3, 'http://127.0.0.1:9/replay', 'failed', 2, 'HTTP 503' FROM ev
       RETURNING id, event_id
     )
     INSERT INTO dead_letters (project_id, notification_id, channel, recipient, retry_count, error_type, error_message, message, created_at)
     SELECT $1, n.id, $3, 'http://127.0.0.1:9/replay', 2, 'retries_exhausted', 'gave up after 3 attempts: HTTP 503',
            jsonb_build_object('kind', 'notification.deliver', 'notification_id', n.id, 'event_id', n.event_id, 'project_id', $1::uuid,
                               'channel', $3::text, 'attempt', 3),
            ${createdAt}
       FROM n
     RETURNING id`,
    [projectId, n, channel],
  );
  return rows.map((r) => r.id);
}

const queued = (channel: 'webhook' | 'sms'): Promise<number> => probe.depth(names.deliveryQueue(channel));

async function purge(channel: 'webhook' | 'sms'): Promise<void> {
  await probe.drain(names.deliveryQueue(channel));
}

async function statuses(projectId: string): Promise<Array<{ channel: string; status: string; n: number }>> {
  const { rows } = await system.api.db.query(
    `SELECT channel, status, count(*)::int AS n FROM dead_letters WHERE project_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [projectId],
  );
  return rows as Array<{ channel: string; status: string; n: number }>;
}

describe('herald dead-letter replay (the compiled program)', () => {
  it('when run without --project, then it replays every project dead letters of the channel, they reach delivery, and it prints the summary', async () => {
    const [a, b] = [await aProject(), await aProject()];
    await deadLetters(a, 600);
    await deadLetters(b, 3);
    await deadLetters(b, 2, 'sms');

    const run = await herald(env(), 'dead-letter', 'replay', '--channel', 'webhook', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ matched: 603, replayed: 603, skipped: 0, failed: 0, projects: 2 });
    expect(await statuses(a)).toEqual([{ channel: 'webhook', status: 'retried', n: 600 }]);
    expect(await statuses(b)).toEqual([
      { channel: 'sms', status: 'active', n: 2 },
      { channel: 'webhook', status: 'retried', n: 3 },
    ]);
    // The running api's outbox relay hands them to the webhook queue: delivery again.
    await eventually(async () => expect(await queued('webhook')).toBe(603), 30000);
    await purge('webhook');

    const { rows } = await system.api.db.query(
      `SELECT project_id, actor_api_key_id, metadata FROM audit_log WHERE action = 'dead_letter.bulk_retried' AND project_id = ANY($1::uuid[])`,
      [[a, b]],
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.project_id === a)).toMatchObject({
      actor_api_key_id: null,
      metadata: { channel: 'webhook', requeued: 600, via: 'cli dead-letter replay' },
    });
  });

  it('when --project and --since are given, then only that project dead letters from then on are replayed, and the table says so', async () => {
    const [a, b] = [await aProject(), await aProject()];
    await deadLetters(a, 2, 'sms', "now() - interval '2 days'");
    await deadLetters(a, 4, 'sms');
    await deadLetters(b, 5, 'sms');
    const since = new Date(Date.now() - 86_400_000).toISOString();

    const run = await herald(env(), 'dead-letter', 'replay', '--project', a, '--since', since);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^matched\s+4$/m);
    expect(run.stdout).toMatch(/^replayed\s+4$/m);
    expect(run.stdout).toMatch(/^skipped\s+0$/m);
    expect(run.stdout).toMatch(/^failed\s+0$/m);
    expect(await statuses(a)).toEqual([
      { channel: 'sms', status: 'active', n: 2 },
      { channel: 'sms', status: 'retried', n: 4 },
    ]);
    expect(await statuses(b)).toEqual([{ channel: 'sms', status: 'active', n: 5 }]);
    await eventually(async () => expect(await queued('sms')).toBe(4), 30000);
    await purge('sms');
  });

  it('when a dead letter notification is no longer failed, then it is counted as skipped and nothing is sent for it', async () => {
    const project = await aProject();
    const [done] = await deadLetters(project, 1, 'sms');
    await deadLetters(project, 2, 'sms');
    await system.api.db.query(
      `UPDATE notifications SET status = 'delivered' WHERE id = (SELECT notification_id FROM dead_letters WHERE id = $1)`,
      [done],
    );
    const run = await herald(env(), 'dead-letter', 'replay', '--project', project, '--json');
    expect(JSON.parse(run.stdout)).toEqual({ matched: 3, replayed: 2, skipped: 1, failed: 0, projects: 1 });
    await eventually(async () => expect(await queued('sms')).toBe(2), 30000);
    await purge('sms');
  });

  it('when nothing matches, then the summary is all zeros and the exit code 0', async () => {
    const project = await aProject();
    const run = await herald(env(), 'dead-letter', 'replay', '--project', project, '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({ matched: 0, replayed: 0, skipped: 0, failed: 0, projects: 0 });
  });

  it('when an option is not valid, then one line names it, the exit code is 2, and nothing is replayed', async () => {
    const project = await aProject();
    await deadLetters(project, 1);
    for (const [args, line] of [
      [['--channel', 'fax'], 'herald dead-letter replay: --channel "fax" is no channel (email, sms, webhook)\n'],
      [
        ['--since', 'yesterday'],
        'herald dead-letter replay: --since "yesterday" is no ISO 8601 time (2026-11-23, or 2026-11-23T08:00:00Z with a zone)\n',
      ],
      [
        ['--since', '2026-11-23T08:00:00'],
        'herald dead-letter replay: --since "2026-11-23T08:00:00" is no ISO 8601 time (2026-11-23, or 2026-11-23T08:00:00Z with a zone)\n',
      ],
      [
        ['--since', '2026-02-30'],
        'herald dead-letter replay: --since "2026-02-30" is no ISO 8601 time (2026-11-23, or 2026-11-23T08:00:00Z with a zone)\n',
      ],
      [['--project', 'p1'], 'herald dead-letter replay: --project "p1" is no id (a UUID)\n'],
    ] as const) {
      expect(await herald(env(), 'dead-letter', 'replay', ...args)).toEqual({ code: 2, stdout: '', stderr: line });
    }
    expect(await statuses(project)).toEqual([{ channel: 'webhook', status: 'active', n: 1 }]);
  });

  it('when --help is given, then the scope, the summary and the exit code are documented', async () => {
    const run = await herald(env(), 'dead-letter', 'replay', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Usage: herald dead-letter replay \[--project PROJECT_ID\] \[--channel CHANNEL\] \[--since TIME\] \[--json\]/,
    );
    expect(run.stdout).toMatch(/Without\s+--project it covers every project/);
    expect(run.stdout).toMatch(/Exit code 1 when any failed/);
  });
});
