import type { DeliveryMessage } from '@herald/contracts';
import { heraldSignature, standardWebhooksSignature, WebhookSigningKey } from '@herald/webhook-verify';
import { buildWebhookBody, buildWebhookRequest, type WebhookTarget } from './webhook-request.builder';

const msg: DeliveryMessage = {
  kind: 'notification.deliver',
  notification_id: '6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11',
  event_id: '0b8b5f2e-2a0c-4f4e-8e3d-3c0e6f4b9a22',
  project_id: '9a7c2d41-5b6e-4c8f-a1d2-e3f405060733',
  channel: 'webhook',
  attempt: 2,
};
const target: WebhookTarget = {
  recipient: 'https://example.com/hooks?x=1',
  eventType: 'order.shipped',
  payload: { order: { id: 'o-1', total: 12.5 }, tags: ['a', 'é'] },
};
const now = new Date('2026-11-22T10:00:00.123Z');

describe('buildWebhookBody', () => {
  it('when built, then it holds exactly the four documented fields in order, timestamp in UTC', () => {
    const body = buildWebhookBody(msg, target, now).toString('utf8');
    expect(body).toBe(
      '{"event_type":"order.shipped","payload":{"order":{"id":"o-1","total":12.5},"tags":["a","é"]},' +
        '"notification_id":"6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11","timestamp":"2026-11-22T10:00:00.123Z"}',
    );
  });
});

describe('buildWebhookRequest', () => {
  it('when built, then the headers identify, sign and number the attempt', () => {
    const req = buildWebhookRequest(
      msg,
      target,
      { current: new WebhookSigningKey('whsec_test') },
      { now, messageId: 'm-1', requestId: 'req-9' },
    );
    expect(req.url).toBe(target.recipient);
    expect(req.headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': 'Herald-Webhooks/1.0',
      'X-Herald-Signature-256': heraldSignature('whsec_test', req.body),
      'webhook-id': msg.notification_id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': standardWebhooksSignature(['whsec_test'], msg.notification_id, Math.floor(now.getTime() / 1000), req.body),
      'X-Herald-Notification-Id': msg.notification_id,
      'X-Herald-Attempt': '2',
      'X-Herald-Message-Id': 'm-1',
      'x-request-id': 'req-9',
    });
  });

  it('when the message has no request id, then no request id header is sent', () => {
    const req = buildWebhookRequest(msg, target, { current: new WebhookSigningKey('whsec_test') }, { now, messageId: 'm-1' });
    expect(Object.keys(req.headers).map((h) => h.toLowerCase())).not.toContain('x-request-id');
  });

  it('when a rotation is in its grace period, then the old secret keeps signing X-Herald-Signature-256 and the new one signs the -Next header', () => {
    const req = buildWebhookRequest(
      msg,
      target,
      { current: new WebhookSigningKey('whsec_new'), previous: new WebhookSigningKey('whsec_old') },
      { now, messageId: 'm-1' },
    );
    expect(req.headers['X-Herald-Signature-256']).toBe(heraldSignature('whsec_old', req.body));
    expect(req.headers['X-Herald-Signature-256-Next']).toBe(heraldSignature('whsec_new', req.body));
    expect(req.headers['webhook-signature'].split(' ')).toHaveLength(2);
  });
});
