import type { DeliveryMessage } from '@herald/contracts';
import {
  BatchingDeliveryStore,
  deliveryHandler,
  NotificationRepository,
  SigningSecretsSource,
  type DeliveryProvider,
} from '@herald/delivery';
import { createLogger } from '@herald/logger';
import { generateSigningSecret, SecretBox } from '@herald/secrets';
import { eventually } from '../support/eventually';
import { WebhookReceiver } from '../support/webhook-receiver';
import { FanoutRepository } from '../../services/fanout/src/data/fanout.repository';
import { anEvent } from './event.builder';
import { WorkerHarness } from './worker.harness';

/**
 * A webhook's first attempt whose message carries its `target` is sent without reading the
 * notification (issue 12): only the project's signing secrets are read, and cached until the
 * `projects` trigger announces a change. Real worker, PostgreSQL, queue and HTTP receivers.
 */
describe('webhook worker: first attempt sent from its message', () => {
  let h: WorkerHarness;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    h = await WorkerHarness.start();
  });

  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await h.stop();
  });

  async function aReceiver(secret: string | (() => string)) {
    const receiver = await WebhookReceiver.start(secret);
    receivers.push(receiver);
    return receiver;
  }

  /** An event whose stored notification points at `storedUrl`; its message's target at `targetUrl`. */
  async function anEventWithTarget(projectId: string, storedUrl: string, targetUrl: string, attempt = 1) {
    const built = await anEvent(projectId).withWebhooks(storedUrl).insert(h.db);
    const { rows } = await h.db.query<{ created_at: Date }>('SELECT created_at FROM events WHERE id = $1', [built.eventId]);
    const msg: DeliveryMessage = {
      ...built.messages[0],
      attempt,
      target: {
        recipient: targetUrl,
        event_type: 'order.carried',
        accepted_at: rows[0].created_at.toISOString(),
        payload: { carried: true },
      },
    };
    return { eventId: built.eventId, msg };
  }

  it('when a first attempt carries its target, then it is sent from the message, signed, and recorded', async () => {
    const project = await h.project();
    const stored = await aReceiver(project.webhook_signing_secret);
    const carried = await aReceiver(project.webhook_signing_secret);
    const { eventId, msg } = await anEventWithTarget(project.project_id, `${stored.url}/stored`, `${carried.url}/carried`);
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
    // The stored recipient would have been used had the worker read the notification.
    expect(stored.requests).toHaveLength(0);
    expect(carried.requests).toHaveLength(1);
    const [req] = carried.requests;
    expect(req.signatureValid).toBe(true);
    expect(req.standardSignatureValid).toBe(true);
    expect(req.body).toMatchObject({ event_type: 'order.carried', payload: { carried: true }, notification_id: msg.notification_id });
    expect(await h.logs(msg.notification_id)).toHaveLength(1);
    expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 1 });
  });

  it('when a later attempt carries a target, then the notification is read as always', async () => {
    const project = await h.project();
    const stored = await aReceiver(project.webhook_signing_secret);
    const carried = await aReceiver(project.webhook_signing_secret);
    const { msg } = await anEventWithTarget(project.project_id, `${stored.url}/stored`, `${carried.url}/carried`, 2);
    await h.publish(msg);

    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
    expect(carried.requests).toHaveLength(0);
    expect(stored.requests.map((r) => r.headers['x-herald-attempt'])).toEqual(['2']);
    expect(stored.requests[0].body).toMatchObject({ event_type: 'order.shipped' });
  });

  it('when the secrets are cached and then rotated, the next delivery signs with both; when the grace period ends, with the new one alone', async () => {
    const project = await h.project();
    const box = new SecretBox(h.config.secretsKey);
    const oldSecret = project.webhook_signing_secret;
    const newSecret = generateSigningSecret();
    const oldHolder = await aReceiver(oldSecret);
    const newHolder = await aReceiver(newSecret);
    const deliver = async (receiver: WebhookReceiver) => {
      const { msg } = await anEventWithTarget(project.project_id, `${receiver.url}/stored`, `${receiver.url}/carried`);
      await h.publish(msg);
      return eventually(async () => {
        const got = receiver.for(msg.notification_id);
        expect(got).toHaveLength(1);
        return got[0];
      });
    };

    // Warms the worker's cache with the old secret alone.
    expect((await deliver(oldHolder)).signatureValid).toBe(true);

    // Rotated with a grace period of 2 s, as the api does: the previous secret signs too until then.
    await h.db.query(
      `UPDATE projects SET previous_signing_secret_sealed = signing_secret_sealed, signing_secret_sealed = $2,
              previous_signing_secret_expires_at = now() + interval '2 seconds'
        WHERE id = $1`,
      [project.project_id, box.seal(newSecret)],
    );
    const [toOld, toNew] = [await deliver(oldHolder), await deliver(newHolder)];
    expect(toOld.signatureValid).toBe(true);
    expect(toNew.signatureValid).toBe(true);
    expect(toNew.standardSignatureValid).toBe(true);
    expect(toNew.headers).toHaveProperty('x-herald-signature-256-next');

    // No statement announces the end of a grace period: the cached entry ends with it.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const [lateOld, lateNew] = [await deliver(oldHolder), await deliver(newHolder)];
    expect(lateOld.signatureValid).toBe(false);
    expect(lateNew.signatureValid).toBe(true);
    expect(lateNew.headers).not.toHaveProperty('x-herald-signature-256-next');
  });

  it('when fan-out gave up on the event after queueing its first attempt, then the attempt the receiver got is recorded as delivered, not left failed', async () => {
    const project = await h.project();
    const receiver = await aReceiver(project.webhook_signing_secret);
    const { eventId, msg } = await anEventWithTarget(project.project_id, `${receiver.url}/stored`, `${receiver.url}/carried`);
    // Fan-out crashed on this event past the delivery limit after it had queued this message:
    // giving up fails every notification no attempt was recorded for.
    await new FanoutRepository(h.db).failEvent(eventId, 'fan-out gave up at the delivery limit');
    expect(await h.notification(msg.notification_id)).toMatchObject({ status: 'failed' });

    await h.publish(msg);
    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
    expect(receiver.requests).toHaveLength(1);
    expect(await h.logs(msg.notification_id)).toEqual([expect.objectContaining({ attempt: 1, status: 'delivered' })]);
    // Nothing the give-up's reason explained is left.
    expect(await h.event(eventId)).toMatchObject({
      status: 'completed',
      delivered_count: 1,
      failed_count: 0,
      has_failures: false,
      failure_reason: null,
    });
  });

  it('when a first attempt carrying its target is redelivered after its notification was delivered, then nothing is sent again', async () => {
    const project = await h.project();
    const receiver = await aReceiver(project.webhook_signing_secret);
    const { msg } = await anEventWithTarget(project.project_id, `${receiver.url}/stored`, `${receiver.url}/carried`);
    await h.publish(msg);
    await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));

    // The same message again, as the broker hands it back after a worker died before its ack.
    const sent: DeliveryMessage[] = [];
    const provider: DeliveryProvider = {
      send: async ({ message }) => {
        sent.push(message);
        return { kind: 'delivered', providerResponse: {} };
      },
    };
    const handle = deliveryHandler(
      {
        channel: 'webhook',
        store: new BatchingDeliveryStore(new NotificationRepository(h.db)),
        provider,
        followUps: {
          retryLater: async () => undefined,
          deadLetter: async () => undefined,
          refuse: async () => undefined,
          holdUntil: async () => undefined,
          moveTo: async () => undefined,
        },
        policy: h.config.retryPolicies.webhook,
        logger: createLogger('webhook-worker-test', h.config.LOG_LEVEL),
        secrets: new SigningSecretsSource(h.db, { live: true }),
      },
      { maxSends: 64 },
    );
    const body = Buffer.from(JSON.stringify(msg));
    expect(await handle({ body, headers: {}, deliveryCount: 1, redelivered: true })).toBe('ack');
    expect(sent).toHaveLength(0);
    expect(receiver.requests).toHaveLength(1);
    expect(await h.logs(msg.notification_id)).toHaveLength(1);
  });
});
