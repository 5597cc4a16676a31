import { randomUUID } from 'node:crypto';
import type { DeliveryBatchMessage } from '@herald/contracts';
import { eventually } from '../support/eventually';
import { WebhookReceiver } from '../support/webhook-receiver';
import { anEvent } from './event.builder';
import { WorkerHarness } from './worker.harness';

/**
 * Fan-out puts the first attempts of one event and channel in one batch message (issue 12). Each
 * delivery in it is still sent, recorded and refused on its own. Real worker (2 deliveries in
 * flight per lane), PostgreSQL, queue and HTTP receivers.
 */
describe('webhook worker: batch messages', () => {
  let h: WorkerHarness;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    // The lane's own bound on sends, without the per-project share (whose moves put some of one
    // project's deliveries in the lane below: test/webhook-worker/project-share.test.ts).
    h = await WorkerHarness.start({ WEBHOOK_PREFETCH: '2', FAIR_SHARE_SEND_PERCENT: '100' });
  });

  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await h.stop();
  });

  async function setup(count: number) {
    const project = await h.project();
    const receiver = await WebhookReceiver.start(project.webhook_signing_secret);
    receivers.push(receiver);
    const urls = Array.from({ length: count }, (_, i) => `${receiver.url}/hook/${i}`);
    const built = await anEvent(project.project_id)
      .withWebhooks(...urls)
      .insert(h.db);
    const { rows } = await h.db.query<{ created_at: Date }>('SELECT created_at FROM events WHERE id = $1', [built.eventId]);
    const batch: DeliveryBatchMessage = {
      kind: 'notification.deliver.batch',
      event_id: built.eventId,
      project_id: project.project_id,
      channel: 'webhook',
      target: { event_type: 'order.batched', accepted_at: rows[0].created_at.toISOString(), payload: { batched: true } },
      notifications: built.messages.map((m, i) => ({ notification_id: m.notification_id, recipient: urls[i] })),
    };
    return { receiver, eventId: built.eventId, batch, ids: built.messages.map((m) => m.notification_id) };
  }

  const publish = (batch: DeliveryBatchMessage) => h.publish(Buffer.from(JSON.stringify(batch)));

  it('when a batch names three notifications, then each is sent from the message, signed, recorded, and the event completes', async () => {
    const { receiver, eventId, batch, ids } = await setup(3);
    await publish(batch);

    await eventually(async () => expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 3 }));
    expect(receiver.requests.map((r) => r.body.notification_id).sort()).toEqual([...ids].sort());
    for (const req of receiver.requests) {
      expect(req.signatureValid).toBe(true);
      expect(req.body).toMatchObject({ event_type: 'order.batched', payload: { batched: true } });
    }
    for (const id of ids) expect(await h.logs(id)).toHaveLength(1);
  });

  it('when a batch names an unknown notification, then the others are delivered and that one alone is dead-lettered', async () => {
    const { receiver, eventId, batch, ids } = await setup(2);
    // Ids only, as a republish after a crash travels: the worker reads it and finds nothing.
    const unknown = randomUUID();
    await publish({ ...batch, notifications: [...batch.notifications, { notification_id: unknown }] });

    await eventually(async () => expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 2 }));
    expect(receiver.requests.map((r) => r.body.notification_id).sort()).toEqual([...ids].sort());
    await eventually(async () => {
      const parked = (await h.deadLetters()).filter((d) => d.json?.event_id === eventId);
      expect(parked).toHaveLength(1);
      expect(parked[0].json).toMatchObject({ kind: 'notification.deliver', notification_id: unknown, attempt: 1 });
      expect(parked[0].json).not.toHaveProperty('target');
      expect(parked[0].headers).toMatchObject({ 'x-herald-error-type': 'rejected' });
    });
  });

  it('when a batch holds more deliveries than the prefetch, then no more than the prefetch are sent at once', async () => {
    const { receiver, eventId, batch } = await setup(6);
    let open = 0;
    let most = 0;
    receiver.respondWith((_req, res) => {
      most = Math.max(most, ++open);
      setTimeout(() => {
        open--;
        res.writeHead(200).end('ok');
      }, 150);
    });
    await publish(batch);

    await eventually(async () => expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 6 }));
    expect(receiver.requests).toHaveLength(6);
    expect(most).toBe(2);
  });

  it('when a batch carries notifications of several events, then each is sent with its own event, payload and request id', async () => {
    const project = await h.project();
    const receiver = await WebhookReceiver.start(project.webhook_signing_secret);
    receivers.push(receiver);
    const events = [
      await anEvent(project.project_id).withWebhooks(`${receiver.url}/a`).insert(h.db),
      await anEvent(project.project_id).withWebhooks(`${receiver.url}/b`).insert(h.db),
    ];
    const batch: DeliveryBatchMessage = {
      kind: 'notification.deliver.batch',
      channel: 'webhook',
      notifications: events.map((e, i) => ({
        notification_id: e.messages[0].notification_id,
        event_id: e.eventId,
        project_id: project.project_id,
        request_id: `req-cross-${i}`,
        recipient: `${receiver.url}/${'ab'[i]}`,
        target: { event_type: `order.${i}`, accepted_at: new Date().toISOString(), payload: { n: i } },
      })),
    };
    await publish(batch);

    for (const e of events) {
      await eventually(async () => expect(await h.event(e.eventId)).toMatchObject({ status: 'completed', delivered_count: 1 }));
    }
    const byId = new Map(receiver.requests.map((r) => [r.body.notification_id, r]));
    for (const [i, e] of events.entries()) {
      const req = byId.get(e.messages[0].notification_id);
      expect(req?.body).toMatchObject({ event_type: `order.${i}`, payload: { n: i } });
      expect(req?.headers['x-request-id']).toBe(`req-cross-${i}`);
      expect(req?.signatureValid).toBe(true);
    }
  });
});
