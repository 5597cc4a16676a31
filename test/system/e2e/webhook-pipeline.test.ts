import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { useSystem } from '../../support/system-fixture';
import { eventually } from '../../support/eventually';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { freePort } from '../../support/free-port';

const f = useSystem({ extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))] });
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await WebhookReceiver.start(f.project.webhook_signing_secret);
});
afterAll(() => receiver.stop());

const http = () => f.http();

describe('event in, signed webhook out', () => {
  it('when an event has two webhook recipients, then each receives one signed POST and the event completes with logs', async () => {
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .set('X-Request-Id', 'req-e2e-1')
      .send({
        event_type: 'order.shipped',
        recipients: [
          { channels: ['webhook'], webhook_url: `${receiver.url}/a` },
          { channels: ['webhook'], webhook_url: `${receiver.url}/b` },
        ],
        payload: { order_id: 'A-1', total: 12.5 },
        inline: { html: '<p>x</p>' },
      });
    expect(res.status).toBe(202);

    const event = await eventually(async () => {
      const detail = await http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', f.key);
      expect(detail.body.status).toBe('completed');
      return detail.body;
    });
    for (const n of event.notifications) {
      const received = receiver.for(n.id);
      expect(received).toHaveLength(1);
      expect(received[0].signatureValid).toBe(true);
      expect(received[0].standardSignatureValid).toBe(true);
      expect(received[0].body).toEqual({
        event_type: 'order.shipped',
        payload: { order_id: 'A-1', total: 12.5 },
        notification_id: n.id,
        timestamp: expect.any(String),
      });
      expect(received[0].headers['x-request-id']).toBe('req-e2e-1');
      const detail = await http().get(`/api/v1/notifications/${n.id}`).set('X-API-Key', f.key);
      expect(detail.body).toMatchObject({ status: 'delivered', retry_count: 0 });
      expect(detail.body.notification_logs).toEqual([
        expect.objectContaining({
          attempt: 1,
          status: 'delivered',
          provider_response: expect.objectContaining({ status_code: 200, message_id: received[0].headers['x-herald-message-id'] }),
        }),
      ]);
    }
  });

  it('when the receiver fails twice and then succeeds, then the third attempt delivers and retry_count is 2', async () => {
    let calls = 0;
    receiver.respondWith((_req, res) => res.writeHead(++calls <= 2 ? 503 : 204).end());
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'flaky',
        recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/flaky` }],
        payload: {},
        inline: { html: '<p>x</p>' },
      });
    const notification = await eventually(async () => {
      const list = await http().get(`/api/v1/notifications?status=delivered&recipient=${receiver.url}/flaky`).set('X-API-Key', f.key);
      expect(list.body.items).toHaveLength(1);
      return list.body.items[0];
    });
    expect(notification).toMatchObject({ event_id: res.body.id, retry_count: 2 });
    const detail = await http().get(`/api/v1/notifications/${notification.id}`).set('X-API-Key', f.key);
    expect(detail.body.notification_logs.map((l: { attempt: number; status: string }) => [l.attempt, l.status])).toEqual([
      [1, 'retrying'],
      [2, 'retrying'],
      [3, 'delivered'],
    ]);
    // Each failed attempt says when its retry was due, and the retry came no earlier than that.
    const [first, second, third] = detail.body.notification_logs;
    for (const [failed, next] of [
      [first, second],
      [second, third],
    ]) {
      expect(failed.provider_response).toMatchObject({ status_code: 503, latency_ms: expect.any(Number) });
      expect(Date.parse(failed.next_retry_at)).toBeGreaterThanOrEqual(Date.parse(failed.timestamp));
      expect(Date.parse(next.timestamp)).toBeGreaterThanOrEqual(Date.parse(failed.next_retry_at) - 50);
    }
    expect(third.next_retry_at).toBeNull();
    receiver.respondWith((_req, r) => r.writeHead(200).end());
  });

  it('when nothing answers at the webhook URL, then each attempt is logged without a status code or body, and the last one gives up', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}/gone`;
    await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'unreachable',
        recipients: [{ channels: ['webhook'], webhook_url: nobody }],
        payload: {},
        inline: { html: '<p>x</p>' },
      });
    const notification = await eventually(async () => {
      const list = await http().get(`/api/v1/notifications?status=failed&recipient=${nobody}`).set('X-API-Key', f.key);
      expect(list.body.items).toHaveLength(1);
      return list.body.items[0];
    });
    // The api validates its answers against openapi.yaml in tests: the nulls are documented ones.
    const detail = await http().get(`/api/v1/notifications/${notification.id}`).set('X-API-Key', f.key);
    expect(detail.status).toBe(200);
    expect(detail.body.notification_logs).toHaveLength(3);
    for (const log of detail.body.notification_logs) {
      expect(log.provider_response).toMatchObject({ status_code: null, body_excerpt: null, latency_ms: expect.any(Number) });
    }
    expect(detail.body.notification_logs.map((l: { next_retry_at: string | null }) => l.next_retry_at === null)).toEqual([
      false,
      false,
      true,
    ]);
  });
});
