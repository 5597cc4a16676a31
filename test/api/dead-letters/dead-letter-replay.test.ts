import { TopologyNames } from '@herald/messaging';
import request from 'supertest';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { eventually } from '../../support/eventually';
import { aProject } from '../../support/projects';
import { openQueueProbe, type QueueProbe } from '../../support/queue-probe';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';

/**
 * Bulk replay at scale, without a webhook worker: requeued deliveries stay in this file's
 * webhook queue, where they are counted and read.
 */
const config = testConfig();
const names = new TopologyNames(config.AMQP_NAMESPACE);
let system: RunningSystem;
let probe: QueueProbe;

beforeAll(async () => {
  system = await startSystem(config);
  probe = await openQueueProbe(config);
});
afterAll(async () => {
  await probe.close();
  await system.stop();
  await deleteTestTopology(config);
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));

/**
 * n failed webhook notifications (3 attempts made, each its own event) with their active dead
 * letters, as a worker of an earlier version left them: the message still carries recipient,
 * event_type and payload.
 */
async function deadLetters(projectId: string, n: number, channel = 'webhook'): Promise<void> {
  await system.api.db.query(
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
     INSERT INTO dead_letters (project_id, notification_id, channel, recipient, retry_count, error_type, error_message, message)
     SELECT $1, n.id, $3, 'http://127.0.0.1:9/replay', 2, 'retries_exhausted', 'gave up after 3 attempts: HTTP 503',
            jsonb_build_object('kind', 'notification.deliver', 'notification_id', n.id, 'event_id', n.event_id, 'project_id', $1::uuid,
                               'channel', $3::text, 'attempt', 3, 'recipient', 'http://127.0.0.1:9/replay', 'event_type', 'replay',
                               'payload', '{}'::jsonb)
       FROM n`,
    [projectId, n, channel],
  );
}

const queued = () => probe.depth(names.deliveryQueue('webhook'));

async function drainQueue(): Promise<Array<Record<string, unknown>>> {
  return (await probe.drain(names.deliveryQueue('webhook'))).map((m) => JSON.parse(m.body.toString('utf8')));
}

describe('bulk replay', () => {
  it('when two replays of 1200 records run at once, then each record is requeued exactly once, in pages, with a fresh budget and ids only', async () => {
    const project = await aProject(system.api.db, config);
    await deadLetters(project.project_id, 1200);

    const replay = () => http().post('/api/v1/dead-letter/retry').set('X-API-Key', project.api_key);
    const [a, b] = await Promise.all([replay(), replay()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.requeued + b.body.requeued).toBe(1200);

    const { rows } = await system.api.db.query(
      `SELECT d.status, n.status AS notification_status, e.status AS event_status, e.failed_count, e.has_failures, count(*)::int AS n
         FROM dead_letters d JOIN notifications n ON n.id = d.notification_id JOIN events e ON e.id = n.event_id
        WHERE d.project_id = $1 GROUP BY 1, 2, 3, 4, 5`,
      [project.project_id],
    );
    expect(rows).toEqual([
      { status: 'retried', notification_status: 'processing', event_status: 'processing', failed_count: 0, has_failures: false, n: 1200 },
    ]);
    await eventually(async () => expect(await queued()).toBe(1200), 30000);
    const messages = await drainQueue();
    expect(new Set(messages.map((m) => m.notification_id)).size).toBe(1200);
    // The worker loads recipient and payload itself: the requeued copy leaves them out.
    expect(messages[0]).toEqual({
      kind: 'notification.deliver',
      notification_id: expect.any(String),
      event_id: expect.any(String),
      project_id: project.project_id,
      channel: 'webhook',
      attempt: 4,
      max_attempts: 6,
    });
  });

  it('when a limit is given, then at most that many are requeued and limit_reached says more may match', async () => {
    const project = await aProject(system.api.db, config);
    await deadLetters(project.project_id, 700);
    await deadLetters(project.project_id, 5, 'sms');

    const first = await http().post('/api/v1/dead-letter/retry').set('X-API-Key', project.api_key).send({ channel: 'webhook', limit: 600 });
    expect(first.body).toEqual({ requeued: 600, limit_reached: true });
    const second = await http()
      .post('/api/v1/dead-letter/retry')
      .set('X-API-Key', project.api_key)
      .send({ channel: 'webhook', limit: 600 });
    expect(second.body).toEqual({ requeued: 100, limit_reached: false });
    const sms = await http().get('/api/v1/dead-letter?status=active&channel=sms').set('X-API-Key', project.api_key);
    expect(sms.body.total).toBe(5);
    await eventually(async () => expect(await queued()).toBe(700), 30000);
    await drainQueue();
  });

  it('when the filter is not valid, then 422 names the field', async () => {
    const project = await aProject(system.api.db, config);
    for (const [body, loc] of [
      [{ limit: 0 }, ['body', 'limit']],
      [{ colour: 'red' }, ['body', 'colour']],
      [{ channel: 'fax' }, ['body', 'channel']],
      [{ created_from: 'yesterday' }, ['body', 'created_from']],
    ] as const) {
      const res = await http().post('/api/v1/dead-letter/retry').set('X-API-Key', project.api_key).send(body);
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(loc);
    }
  });

  it('when a replay is audited, then the entry records the filter and the count, never addresses', async () => {
    const project = await aProject(system.api.db, config);
    await deadLetters(project.project_id, 3);
    await http().post('/api/v1/dead-letter/retry').set('X-API-Key', project.api_key).send({ channel: 'webhook' }).expect(200);
    const audit = await http().get('/api/v1/audit-log?action=dead_letter.bulk_retried').set('X-API-Key', project.api_key);
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        action: 'dead_letter.bulk_retried',
        actor_api_key_id: project.api_key_id,
        metadata: { fields: ['channel'], channel: 'webhook', limit: 10000, requeued: 3 },
      }),
    ]);
    await eventually(async () => expect(await queued()).toBe(3), 30000);
    await drainQueue();
  });
});
