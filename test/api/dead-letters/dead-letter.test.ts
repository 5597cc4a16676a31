import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { eventually } from '../../support/eventually';
import { aProject } from '../../support/projects';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';
import { WebhookReceiver } from '../../support/webhook-receiver';

/** api + fan-out + a real webhook worker (3 attempts, 50-200 ms backoff) delivering to a real receiver. */
const config = testConfig();
let system: RunningSystem;
let project: Awaited<ReturnType<typeof aProject>>;
let receiver: WebhookReceiver;

beforeAll(async () => {
  system = await startSystem(config, [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))]);
  project = await aProject(system.api.db, config);
  receiver = await WebhookReceiver.start(project.webhook_signing_secret);
});
afterAll(async () => {
  await receiver.stop();
  await system.stop();
  await deleteTestTopology(config);
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));
const key = () => project.api_key;

/** Publishes one webhook event to the receiver and returns its notification once it is dead-lettered. */
async function deadLettered(path: string): Promise<{ eventId: string; notificationId: string; deadLetterId: string }> {
  const res = await http()
    .post('/api/v1/events')
    .set('X-API-Key', key())
    .send({
      event_type: 'order.paid',
      recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}${path}` }],
      payload: { path },
      inline: { html: 'x' },
    });
  expect(res.status).toBe(202);
  return eventually(async () => {
    const { rows } = await system.api.db.query<{ notification_id: string; id: string }>(
      `SELECT d.id, d.notification_id FROM dead_letters d JOIN notifications n ON n.id = d.notification_id
        WHERE n.event_id = $1 AND d.status = 'active'`,
      [res.body.id],
    );
    expect(rows).toHaveLength(1);
    return { eventId: res.body.id, notificationId: rows[0].notification_id, deadLetterId: rows[0].id };
  });
}

const attemptsAt = (path: string) => receiver.requests.filter((r) => r.body.payload && (r.body.payload as { path?: string }).path === path);
const answering = (statusFor: (path: string) => number) =>
  receiver.respondWith((req, res) => res.writeHead(statusFor(String((req.body.payload as { path?: string })?.path))).end());

beforeEach(() => answering((path) => (path.startsWith('/ok') ? 200 : path.startsWith('/flaky') ? 503 : 410)));

describe('dead-letter records', () => {
  it('when a webhook is refused for good, then an active record lists and reads with its detail', async () => {
    const { notificationId, deadLetterId, eventId } = await deadLettered('/gone-1');
    const list = await http().get('/api/v1/dead-letter?status=active&channel=webhook').set('X-API-Key', key());
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(
      expect.objectContaining({
        id: deadLetterId,
        notification_id: notificationId,
        channel: 'webhook',
        status: 'active',
        error_type: 'permanent_failure',
      }),
    );
    const detail = await http().get(`/api/v1/dead-letter/${deadLetterId}`).set('X-API-Key', key());
    expect(detail.body).toMatchObject({
      id: deadLetterId,
      notification_id: notificationId,
      event_id: eventId,
      channel: 'webhook',
      recipient: `${receiver.url}/gone-1`,
      retry_count: 0,
      status: 'active',
      error_message: 'HTTP 410',
    });
    const none = await http().get('/api/v1/dead-letter?channel=sms').set('X-API-Key', key());
    expect(none.body.total).toBe(0);
  });

  it('when an active record is retried, then it is delivered for real as the next attempt and the event completes', async () => {
    const { notificationId, deadLetterId, eventId } = await deadLettered('/retry-ok');
    expect((await system.api.db.query('SELECT status, failed_count FROM events WHERE id = $1', [eventId])).rows[0]).toEqual({
      status: 'failed',
      failed_count: 1,
    });
    answering(() => 200);

    const res = await http().post(`/api/v1/dead-letter/${deadLetterId}/retry`).set('X-API-Key', key());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: deadLetterId, status: 'retried', requeued: true });

    await eventually(async () => {
      const n = await http().get(`/api/v1/notifications/${notificationId}`).set('X-API-Key', key());
      expect(n.body.status).toBe('delivered');
    });
    const deliveries = receiver.for(notificationId);
    expect(deliveries.map((d) => d.headers['x-herald-attempt'])).toEqual(['1', '2']);
    expect(deliveries[1].signatureValid).toBe(true);
    const event = await http().get(`/api/v1/events/${eventId}`).set('X-API-Key', key());
    expect(event.body).toMatchObject({ status: 'completed', has_failures: false });
    const record = await http().get(`/api/v1/dead-letter/${deadLetterId}`).set('X-API-Key', key());
    expect(record.body.status).toBe('retried');
  });

  it('when a retried delivery fails again, then it had a fresh attempt budget and a new active record opens', async () => {
    const { notificationId, deadLetterId } = await deadLettered('/flaky-twice');
    expect(attemptsAt('/flaky-twice')).toHaveLength(3); // RETRY_MAX_ATTEMPTS=3 in the test config

    await http().post(`/api/v1/dead-letter/${deadLetterId}/retry`).set('X-API-Key', key()).expect(200);
    const second = await eventually(async () => {
      const { rows } = await system.api.db.query(
        "SELECT id, error_type FROM dead_letters WHERE notification_id = $1 AND status = 'active'",
        [notificationId],
      );
      expect(rows).toHaveLength(1);
      return rows[0];
    });
    expect(second.id).not.toBe(deadLetterId);
    expect(second.error_type).toBe('retries_exhausted');
    expect(receiver.for(notificationId).map((d) => d.headers['x-herald-attempt'])).toEqual(['1', '2', '3', '4', '5', '6']);
    const all = await system.api.db.query('SELECT id, status FROM dead_letters WHERE notification_id = $1 ORDER BY created_at', [
      notificationId,
    ]);
    expect(all.rows).toEqual([
      { id: deadLetterId, status: 'retried' },
      { id: second.id, status: 'active' },
    ]);
  });

  it('when a record is not active, then retry and discard answer 409 and change nothing', async () => {
    const { deadLetterId, notificationId } = await deadLettered('/gone-2');
    const discarded = await http().post(`/api/v1/dead-letter/${deadLetterId}/discard`).set('X-API-Key', key());
    expect(discarded.status).toBe(200);
    expect(discarded.body).toEqual({ id: deadLetterId, status: 'discarded' });

    const retry = await http().post(`/api/v1/dead-letter/${deadLetterId}/retry`).set('X-API-Key', key());
    expect(retry.status).toBe(409);
    expect(retry.body.detail).toBe(`dead-letter message ${deadLetterId} is discarded; only an active message can be retried`);
    const again = await http().post(`/api/v1/dead-letter/${deadLetterId}/discard`).set('X-API-Key', key());
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/is discarded; only an active message can be discarded/);
    const notification = await http().get(`/api/v1/notifications/${notificationId}`).set('X-API-Key', key());
    expect(notification.body.status).toBe('failed');
    expect(receiver.for(notificationId)).toHaveLength(1);
  });

  it('when the same record is retried twice at once, then one retry wins and the other is a 409', async () => {
    const { deadLetterId, notificationId } = await deadLettered('/gone-3');
    answering(() => 200);
    const results = await Promise.all([1, 2].map(() => http().post(`/api/v1/dead-letter/${deadLetterId}/retry`).set('X-API-Key', key())));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    await eventually(async () => expect(receiver.for(notificationId)).toHaveLength(2));
  });

  it("when the id is unknown or another project's, then 404", async () => {
    const { deadLetterId } = await deadLettered('/gone-4');
    const stranger = await aProject(system.api.db, config);
    expect((await http().get(`/api/v1/dead-letter/${deadLetterId}`).set('X-API-Key', stranger.api_key)).status).toBe(404);
    expect((await http().post(`/api/v1/dead-letter/${deadLetterId}/retry`).set('X-API-Key', stranger.api_key)).status).toBe(404);
    expect((await http().post(`/api/v1/dead-letter/${deadLetterId}/discard`).set('X-API-Key', stranger.api_key)).status).toBe(404);
  });

  it('when a key holds dead_letter:read only, then it reads but cannot retry or discard (403)', async () => {
    const reader = await aProject(system.api.db, config, ['dead_letter:read']);
    expect((await http().get('/api/v1/dead-letter').set('X-API-Key', reader.api_key)).status).toBe(200);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const path of [`/api/v1/dead-letter/${id}/retry`, `/api/v1/dead-letter/${id}/discard`, '/api/v1/dead-letter/retry']) {
      const res = await http().post(path).set('X-API-Key', reader.api_key).send({});
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/dead_letter:write/);
    }
    const none = await aProject(system.api.db, config, ['events:read']);
    expect((await http().get('/api/v1/dead-letter').set('X-API-Key', none.api_key)).status).toBe(403);
  });
});

describe('bulk replay', () => {
  it('when active records match the filter, then each is retried once and delivered; others are left alone', async () => {
    const failed = [await deadLettered('/bulk-1'), await deadLettered('/bulk-2')];
    const other = await deadLettered('/bulk-3');
    await system.api.db.query(`UPDATE dead_letters SET created_at = now() - interval '2 days' WHERE id = $1`, [other.deadLetterId]);
    answering(() => 200);

    const res = await http()
      .post('/api/v1/dead-letter/retry')
      .set('X-API-Key', key())
      .send({ channel: 'webhook', error_type: 'permanent_failure', created_from: new Date(Date.now() - 3600_000).toISOString() });
    expect(res.status).toBe(200);
    expect(res.body.requeued).toBeGreaterThanOrEqual(2);
    expect(res.body.limit_reached).toBe(false);
    for (const f of failed) {
      await eventually(async () => expect(receiver.for(f.notificationId).map((d) => d.headers['x-herald-attempt'])).toEqual(['1', '2']));
    }
    const untouched = await http().get(`/api/v1/dead-letter/${other.deadLetterId}`).set('X-API-Key', key());
    expect(untouched.body.status).toBe('active');
    const again = await http().post('/api/v1/dead-letter/retry').set('X-API-Key', key()).send({ channel: 'sms' });
    expect(again.body).toEqual({ requeued: 0, limit_reached: false });
  });

  it("when the list is filtered as a replay is, then its total is the count that replay takes (the console's count before confirming)", async () => {
    const recent = await deadLettered('/count-1');
    const old = await deadLettered('/count-2');
    await system.api.db.query(`UPDATE dead_letters SET created_at = now() - interval '2 days' WHERE id = $1`, [old.deadLetterId]);
    const filter = { channel: 'webhook', error_type: 'permanent_failure', created_from: new Date(Date.now() - 3600_000).toISOString() };
    const ids = (res: request.Response) => res.body.items.map((i: { id: string }) => i.id);

    const list = await http()
      .get('/api/v1/dead-letter')
      .query({ status: 'active', ...filter })
      .set('X-API-Key', key());
    expect(list.status).toBe(200);
    expect(ids(list)).toContain(recent.deadLetterId);
    expect(ids(list)).not.toContain(old.deadLetterId);
    const older = await http()
      .get('/api/v1/dead-letter')
      .query({ error_type: 'permanent_failure', created_to: filter.created_from })
      .set('X-API-Key', key());
    expect(ids(older)).toContain(old.deadLetterId);
    expect(ids(older)).not.toContain(recent.deadLetterId);
    const otherType = await http().get('/api/v1/dead-letter').query({ error_type: 'retries_exhausted' }).set('X-API-Key', key());
    expect(ids(otherType)).not.toContain(recent.deadLetterId);

    answering(() => 200);
    const replay = await http().post('/api/v1/dead-letter/retry').set('X-API-Key', key()).send(filter);
    expect(replay.body.requeued).toBe(list.body.total);
  });

  it('when a list filter is not valid, then 422 names it', async () => {
    const res = await http().get('/api/v1/dead-letter?created_from=yesterday').set('X-API-Key', key());
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.detail)).toContain('created_from');
  });
});
