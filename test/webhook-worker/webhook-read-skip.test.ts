import type { DeliveryMessage } from '@herald/contracts';
import {
  BatchingDeliveryStore,
  deliveryHandler,
  CONSUMER_ENDPOINT_CHANGED_CHANNEL,
  NotificationRepository,
  SIGNING_SECRET_CHANGED_CHANNEL,
  SigningSecretsSource,
  type DeliveryProvider,
} from '@herald/delivery';
import { createLogger } from '@herald/logger';
import { generateSigningSecret, SecretBox } from '@herald/secrets';
import { changeAnnounced } from '../support/change-announced';
import { eventually } from '../support/eventually';
import { signedWith, WebhookReceiver } from '../support/webhook-receiver';
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

  /**
   * The test hears PostgreSQL's announcement on a connection of its own and the worker's listener
   * on another, in no fixed order: on a loaded machine a delivery published right after can still
   * meet the entry the worker cached before. Retries `attempt` (a fresh delivery each time) until
   * it shows the change, within a few seconds; once the worker has heard, every delivery does.
   */
  function onceTheWorkerHeard<T>(attempt: () => Promise<T>): Promise<T> {
    return eventually(attempt, 5_000, 100);
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
    await changeAnnounced(h.config.DATABASE_URL, SIGNING_SECRET_CHANGED_CHANNEL, project.project_id, () =>
      h.db.query(
        `UPDATE projects SET previous_signing_secret_sealed = signing_secret_sealed, signing_secret_sealed = $2,
                previous_signing_secret_expires_at = now() + interval '2 seconds'
          WHERE id = $1`,
        [project.project_id, box.seal(newSecret)],
      ),
    );
    const toNew = await onceTheWorkerHeard(async () => {
      const got = await deliver(newHolder);
      expect(got.signatureValid).toBe(true);
      return got;
    });
    expect((await deliver(oldHolder)).signatureValid).toBe(true);
    expect(toNew.standardSignatureValid).toBe(true);
    expect(toNew.headers).toHaveProperty('x-herald-signature-256-next');

    // No statement announces the end of a grace period: the cached entry ends with it.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const [lateOld, lateNew] = [await deliver(oldHolder), await deliver(newHolder)];
    expect(lateOld.signatureValid).toBe(false);
    expect(lateNew.signatureValid).toBe(true);
    expect(lateNew.headers).not.toHaveProperty('x-herald-signature-256-next');
  });

  describe('a first attempt to a consumer endpoint (its target names the endpoint)', () => {
    const box = () => new SecretBox(h.config.secretsKey);

    /** A consumer endpoint of the project at `url`, signing with `secret`. */
    async function anEndpoint(projectId: string, url: string, secret: string) {
      const { rows } = await h.db.query<{ id: string }>(
        `WITH c AS (INSERT INTO consumers (project_id, uid, name) VALUES ($1, gen_random_uuid()::text, 'Acme') RETURNING id)
         INSERT INTO consumer_endpoints (project_id, consumer_id, url, signing_secret_sealed)
         SELECT $1, c.id, $2, $3 FROM c RETURNING id`,
        [projectId, url, box().seal(secret)],
      );
      return rows[0].id;
    }

    /** An event to the endpoint, stored at `storedUrl`; its message's target at `targetUrl`, naming `targetEndpoint`. */
    async function anEventToEndpoint(
      projectId: string,
      endpointId: string,
      storedUrl: string,
      targetUrl: string,
      targetEndpoint = endpointId,
    ) {
      const { eventId, msg } = await anEventWithTarget(projectId, storedUrl, targetUrl);
      await h.db.query('UPDATE notifications SET endpoint_id = $2 WHERE id = $1', [msg.notification_id, endpointId]);
      return { eventId, msg: { ...msg, target: { ...msg.target!, endpoint_id: targetEndpoint } } };
    }

    it("when it is sent from its message, then the endpoint's own secret signs it, and a rotation applies once the worker hears PostgreSQL announce it", async () => {
      const project = await h.project();
      const [first, second] = [generateSigningSecret(), generateSigningSecret()];
      const stored = await aReceiver(first);
      const firstHolder = await aReceiver(first);
      const secondHolder = await aReceiver(second);
      const endpointId = await anEndpoint(project.project_id, `${stored.url}/stored`, first);
      const deliver = async (receiver: WebhookReceiver) => {
        const { msg } = await anEventToEndpoint(project.project_id, endpointId, `${stored.url}/stored`, `${receiver.url}/carried`);
        await h.publish(msg);
        await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
        const got = receiver.for(msg.notification_id);
        expect(got).toHaveLength(1);
        return got[0];
      };

      // Sent from the message (the stored address gets nothing), signed with the endpoint's secret,
      // which the project's does not verify.
      const sent = await deliver(firstHolder);
      expect(sent.signatureValid).toBe(true);
      expect(sent.standardSignatureValid).toBe(true);
      expect(stored.requests).toHaveLength(0);
      expect(signedWith(project.webhook_signing_secret, sent)).toBe(false);

      // Rotated with a grace period, as the api does: once announced, the endpoint's cached entry is dropped.
      await changeAnnounced(h.config.DATABASE_URL, CONSUMER_ENDPOINT_CHANGED_CHANNEL, endpointId, () =>
        h.db.query(
          `UPDATE consumer_endpoints SET previous_signing_secret_sealed = signing_secret_sealed, signing_secret_sealed = $2,
                  previous_signing_secret_expires_at = now() + interval '1 hour'
            WHERE id = $1`,
          [endpointId, box().seal(second)],
        ),
      );
      const rotated = await onceTheWorkerHeard(async () => {
        const got = await deliver(secondHolder);
        expect(got.signatureValid).toBe(true);
        return got;
      });
      expect(rotated.headers).toHaveProperty('x-herald-signature-256-next');
      expect(stored.requests).toHaveLength(0);
    });

    it('when the endpoint is disabled after its state was cached, then the next delivery to it is not sent', async () => {
      const project = await h.project();
      const secret = generateSigningSecret();
      const receiver = await aReceiver(secret);
      const endpointId = await anEndpoint(project.project_id, `${receiver.url}/stored`, secret);
      const warm = await anEventToEndpoint(project.project_id, endpointId, `${receiver.url}/stored`, `${receiver.url}/carried`);
      await h.publish(warm.msg);
      await eventually(async () => expect((await h.notification(warm.msg.notification_id)).status).toBe('delivered'));

      await changeAnnounced(h.config.DATABASE_URL, CONSUMER_ENDPOINT_CHANGED_CHANNEL, endpointId, () =>
        h.db.query(`UPDATE consumer_endpoints SET disabled_at = now(), disabled_reason = 'by hand' WHERE id = $1`, [endpointId]),
      );
      const msg = await onceTheWorkerHeard(async () => {
        const next = await anEventToEndpoint(project.project_id, endpointId, `${receiver.url}/stored`, `${receiver.url}/carried`);
        await h.publish(next.msg);
        await eventually(async () => expect(['delivered', 'failed']).toContain((await h.notification(next.msg.notification_id)).status));
        expect(await h.notification(next.msg.notification_id)).toMatchObject({
          status: 'failed',
          last_error: 'its consumer endpoint is disabled',
        });
        return next.msg;
      });
      expect(receiver.for(msg.notification_id)).toHaveLength(0);
    });

    it("when a target names another project's endpoint, then its secret never signs: the notification is read and sent as stored", async () => {
      const [project, other] = [await h.project(), await h.project()];
      const otherSecret = generateSigningSecret();
      const stored = await aReceiver(project.webhook_signing_secret);
      const carried = await aReceiver(otherSecret);
      const othersEndpoint = await anEndpoint(other.project_id, `${carried.url}/theirs`, otherSecret);
      const { eventId, msg } = await anEventWithTarget(project.project_id, `${stored.url}/stored`, `${carried.url}/carried`);
      await h.publish({ ...msg, target: { ...msg.target!, endpoint_id: othersEndpoint } });

      await eventually(async () => expect((await h.notification(msg.notification_id)).status).toBe('delivered'));
      expect(carried.requests).toHaveLength(0);
      expect(stored.requests).toHaveLength(1);
      expect(stored.requests[0].signatureValid).toBe(true);
      expect(await h.event(eventId)).toMatchObject({ delivered_count: 1 });
    });
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
