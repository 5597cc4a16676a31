import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../services/webhook-worker/src/app';
import { RetentionJob } from '../../services/scheduler/src/retention/retention.job';
import { RetentionRepository } from '../../services/scheduler/src/retention/retention.repository';
import { eventually } from '../support/eventually';
import { useSystem } from '../support/system-fixture';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * RETENTION_DAYS: old finished events go with everything hanging off them, recent ones and
 * events still in flight stay, and the analytics a project reads do not change.
 */
const f = useSystem({ extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))] });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await WebhookReceiver.start(f.project.webhook_signing_secret);
});
afterAll(() => receiver.stop());

async function notificationIds(eventId: string): Promise<string[]> {
  const { rows } = await f.system.api.db.query<{ id: string }>(`SELECT id FROM notifications WHERE event_id = $1`, [eventId]);
  return rows.map((r) => r.id);
}

async function attemptLogs(notificationIds: string[]): Promise<number> {
  const { rows } = await f.system.api.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notification_logs WHERE notification_id = ANY($1::uuid[])`,
    [notificationIds],
  );
  return rows[0].n;
}

async function deliveredEvent(tag: string): Promise<string> {
  const res = await f
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', f.key)
    .send({
      event_type: `retention.${tag}`,
      recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/${tag}` }],
      payload: {},
      inline: { html: '<p>x</p>' },
    });
  expect(res.status).toBe(202);
  await eventually(async () => {
    const detail = await f.http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', f.key);
    expect(detail.body.status).toBe('completed');
  });
  return res.body.id;
}

/** As if the event and its notifications had been made `days` ago. */
async function age(id: string, days: number): Promise<void> {
  await f.system.api.db.query(`UPDATE events SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [id, days]);
  await f.system.api.db.query(`UPDATE notifications SET created_at = now() - make_interval(days => $2) WHERE event_id = $1`, [id, days]);
}

const to = new Date(Date.now() + 3_600_000).toISOString();
const from = new Date(Date.now() - 90 * 86_400_000).toISOString();

async function analytics() {
  await f.system.api.compactRollup();
  const res = await f.http().get(`/api/v1/analytics?date_from=${from}&date_to=${to}`).set('X-API-Key', f.key);
  expect(res.status).toBe(200);
  return res.body;
}

describe('retention', () => {
  it('deletes finished events past RETENTION_DAYS with their notifications, keeps the rest and the analytics', async () => {
    const old = await deliveredEvent('old');
    const recent = await deliveredEvent('recent');
    const inFlight = await deliveredEvent('in-flight');
    await age(old, 40);
    await age(inFlight, 40);
    await f.system.api.db.query(`UPDATE events SET status = 'processing' WHERE id = $1`, [inFlight]);
    const [oldNotifications, recentNotifications] = [await notificationIds(old), await notificationIds(recent)];
    expect(await attemptLogs(oldNotifications)).toBe(1);
    const before = await analytics();

    const job = new RetentionJob(
      new RetentionRepository(f.system.api.db),
      { days: 30, batchSize: 1, intervalMs: 60_000 },
      createLogger('retention', 'silent'),
    );
    const pass = await job.runOnce();
    expect(pass.events).toBeGreaterThanOrEqual(1);

    const status = async (id: string) => (await f.http().get(`/api/v1/events/${id}`).set('X-API-Key', f.key)).status;
    expect(await status(old)).toBe(404);
    expect(await status(recent)).toBe(200);
    expect(await status(inFlight)).toBe(200);
    const { rows } = await f.system.api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE event_id = $1`, [old]);
    expect(rows[0].n).toBe(0);
    // Attempt logs go with their notifications (no foreign key does it for them any more).
    expect(await attemptLogs(oldNotifications)).toBe(0);
    expect(await attemptLogs(recentNotifications)).toBe(1);
    expect(await analytics()).toEqual(before);
  });

  it('prunes sign-in credentials expired for more than a day, whatever RETENTION_DAYS says', async () => {
    const db = f.system.api.db;
    // Expired and scrubbed, expired but not yet scrubbed (the scrubber still needs it), still valid.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO magic_link_tokens (token_hash, email, expires_at, content_scrubbed_at)
       VALUES ('retention-' || gen_random_uuid(), 'r@example.com', now() - interval '2 days', now() - interval '2 days'),
              ('retention-' || gen_random_uuid(), 'r@example.com', now() - interval '2 days', NULL),
              ('retention-' || gen_random_uuid(), 'r@example.com', now() + interval '10 minutes', NULL)
       RETURNING token_hash AS id`,
    );
    const job = new RetentionJob(
      new RetentionRepository(db),
      { days: 0, batchSize: 100, intervalMs: 60_000 },
      createLogger('retention', 'silent'),
    );
    await job.runOnce();
    const left = await db.query<{ id: string }>(`SELECT token_hash AS id FROM magic_link_tokens WHERE token_hash = ANY($1::text[])`, [
      rows.map((r) => r.id),
    ]);
    expect(left.rows.map((r) => r.id).sort()).toEqual([rows[1].id, rows[2].id].sort());
  });
});
