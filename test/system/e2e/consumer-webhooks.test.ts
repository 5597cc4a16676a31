import { createLogger } from '@herald/logger';
import { Webhook } from 'standardwebhooks';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { eventually } from '../../support/eventually';
import { useSystem } from '../../support/system-fixture';
import { WebhookReceiver, type ReceivedRequest } from '../../support/webhook-receiver';

const f = useSystem({ extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))] });
const api = () => f.http();

/** One real receiver per endpoint, verifying with that endpoint's own secret (known once the endpoint exists). */
interface Receiving {
  receiver: WebhookReceiver;
  secret: string;
  id: string;
}

const receivers: WebhookReceiver[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.stop())));

let n = 0;
const uidOf = (base: string) => `${base}-${Date.now()}-${++n}`;

async function aConsumer(base: string): Promise<string> {
  const uid = uidOf(base);
  expect((await api().post('/api/v1/consumers').set('X-API-Key', f.key).send({ uid, name: base })).status).toBe(201);
  return uid;
}

async function anEndpoint(consumer: string, eventTypes: string[] = []): Promise<Receiving> {
  const holder = { secret: '' };
  const receiver = await WebhookReceiver.start(() => holder.secret);
  receivers.push(receiver);
  const res = await api()
    .post(`/api/v1/consumers/${consumer}/endpoints`)
    .set('X-API-Key', f.key)
    .send({ url: `${receiver.url}/hook`, event_types: eventTypes });
  expect(res.status).toBe(201);
  holder.secret = res.body.signing_secret;
  return { receiver, secret: res.body.signing_secret, id: res.body.id };
}

async function publish(eventType: string, recipients: Array<Record<string, unknown>>, payload: Record<string, unknown> = { n: 1 }) {
  const res = await api()
    .post('/api/v1/events')
    .set('X-API-Key', f.key)
    .send({ event_type: eventType, recipients, payload, inline: { html: '<p>x</p>' } });
  expect(res.status).toBe(202);
  return res.body.id as string;
}

async function settled(eventId: string) {
  return eventually(async () => {
    const detail = await api().get(`/api/v1/events/${eventId}`).set('X-API-Key', f.key);
    expect(['completed', 'failed', 'partially_failed']).toContain(detail.body.status);
    return detail.body as { status: string; notifications: Array<{ id: string; recipient: string; status: string }> };
  });
}

/** As a receiver using any Standard Webhooks library would check it. */
function verifiesWith(secret: string, request: ReceivedRequest): boolean {
  try {
    new Webhook(secret).verify(request.rawBody.toString('utf8'), request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

describe('webhooks to consumers, each endpoint signing with its own secret', () => {
  it('when an event names two consumers, then each subscribed endpoint gets one webhook that only its own secret verifies', async () => {
    const acme = await aConsumer('acme');
    const globex = await aConsumer('globex');
    const acmeOrders = await anEndpoint(acme, ['order.*']);
    const acmeUsers = await anEndpoint(acme, ['user.created']);
    const globexAll = await anEndpoint(globex);

    const eventId = await publish('order.created', [
      { channels: ['webhook'], consumer: acme },
      { channels: ['webhook'], consumer: globex },
    ]);
    const event = await settled(eventId);
    expect(event.status).toBe('completed');
    expect(event.notifications.map((x) => x.recipient).sort()).toEqual(
      [`${acmeOrders.receiver.url}/hook`, `${globexAll.receiver.url}/hook`].sort(),
    );

    const [toAcme] = await eventually(() => {
      expect(acmeOrders.receiver.requests).toHaveLength(1);
      return acmeOrders.receiver.requests;
    });
    const [toGlobex] = globexAll.receiver.requests;
    expect(toGlobex).toBeDefined();
    for (const request of [toAcme, toGlobex]) {
      expect(request.signatureValid).toBe(true);
      expect(request.standardSignatureValid).toBe(true);
      expect(request.body).toMatchObject({ event_type: 'order.created', payload: { n: 1 } });
    }
    // One consumer's secret does not verify another's deliveries, nor does the project's.
    expect(verifiesWith(globexAll.secret, toAcme)).toBe(false);
    expect(verifiesWith(acmeOrders.secret, toGlobex)).toBe(false);
    expect(verifiesWith(f.project.webhook_signing_secret, toAcme)).toBe(false);
    // The filter held: user.created only.
    expect(acmeUsers.receiver.requests).toHaveLength(0);

    const deliveries = await api().get(`/api/v1/consumers/${acme}/endpoints/${acmeOrders.id}/deliveries`).set('X-API-Key', f.key);
    expect(deliveries.body).toMatchObject({
      total: 1,
      items: [expect.objectContaining({ event_id: eventId, event_type: 'order.created', status: 'delivered' })],
    });
    const users = await api().get(`/api/v1/consumers/${acme}/endpoints/${acmeUsers.id}/deliveries`).set('X-API-Key', f.key);
    expect(users.body.total).toBe(0);
  });

  it('when no enabled endpoint of the consumer is subscribed, then the recipient yields no notification and the event completes with the others', async () => {
    const acme = await aConsumer('acme');
    const onlyUsers = await anEndpoint(acme, ['user.created']);
    const disabled = await anEndpoint(acme);
    await api().post(`/api/v1/consumers/${acme}/endpoints/${disabled.id}/disable`).set('X-API-Key', f.key).send({ reason: 'paused' });
    const plain = await WebhookReceiver.start(f.project.webhook_signing_secret);
    receivers.push(plain);

    const eventId = await publish('invoice.paid', [
      { channels: ['webhook'], consumer: acme },
      { channels: ['webhook'], webhook_url: `${plain.url}/plain` },
    ]);
    const event = await settled(eventId);
    expect(event.status).toBe('completed');
    expect(event.notifications).toHaveLength(1);
    const listed = await api().get(`/api/v1/events?event_type=invoice.paid`).set('X-API-Key', f.key);
    expect(listed.body.items.find((e: { id: string }) => e.id === eventId)).toMatchObject({ notification_count: 1, delivered_count: 1 });
    // webhook_url works as before: signed with the project's secret.
    expect(plain.requests).toHaveLength(1);
    expect(plain.requests[0].signatureValid).toBe(true);
    expect(onlyUsers.receiver.requests).toHaveLength(0);
    expect(disabled.receiver.requests).toHaveLength(0);

    const alone = await settled(await publish('invoice.paid', [{ channels: ['webhook'], consumer: acme }]));
    expect(alone).toMatchObject({ status: 'completed', notifications: [] });
  });

  it('when a test event is sent to an endpoint, then that endpoint alone gets it, whatever its filter, signed with its secret', async () => {
    const acme = await aConsumer('acme');
    const filtered = await anEndpoint(acme, ['user.created']);
    const other = await anEndpoint(acme);
    const sent = await api().post(`/api/v1/consumers/${acme}/endpoints/${filtered.id}/test`).set('X-API-Key', f.key).send({});
    expect(sent.status).toBe(202);
    await eventually(() => expect(filtered.receiver.requests).toHaveLength(1));
    expect(filtered.receiver.requests[0].body).toMatchObject({ event_type: 'herald.test', payload: { test: true } });
    expect(filtered.receiver.requests[0].standardSignatureValid).toBe(true);
    expect((await settled(sent.body.id)).status).toBe('completed');
    expect(other.receiver.requests).toHaveLength(0);
  });

  it('when an endpoint secret is rotated with a grace period, then a receiver holding either secret verifies', async () => {
    const acme = await aConsumer('acme');
    const endpoint = await anEndpoint(acme);
    const rotated = await api()
      .post(`/api/v1/consumers/${acme}/endpoints/${endpoint.id}/secret/rotate`)
      .set('X-API-Key', f.key)
      .send({ grace_period_seconds: 600 });
    await settled(await publish('order.created', [{ channels: ['webhook'], consumer: acme }]));
    const [request] = endpoint.receiver.requests;
    expect(request.signatureValid).toBe(true);
    expect(verifiesWith(endpoint.secret, request)).toBe(true);
    expect(verifiesWith(rotated.body.signing_secret, request)).toBe(true);
    expect(request.headers['x-herald-signature-256-next']).toBeDefined();
  });
});

describe('replaying an endpoint', () => {
  it("when an endpoint's deliveries failed and it answers again, then replaying since a time delivers them, and another endpoint's failures stay", async () => {
    const acme = await aConsumer('acme');
    const failing = await anEndpoint(acme, ['order.*']);
    const other = await anEndpoint(acme, ['user.*']);
    for (const e of [failing, other]) e.receiver.respondWith((_req, res) => res.writeHead(400).end('no'));
    const since = new Date(Date.now() - 1000).toISOString();
    const first = await settled(await publish('order.created', [{ channels: ['webhook'], consumer: acme }]));
    const second = await settled(await publish('order.updated', [{ channels: ['webhook'], consumer: acme }]));
    const otherEvent = await settled(await publish('user.created', [{ channels: ['webhook'], consumer: acme }]));
    for (const event of [first, second, otherEvent]) expect(event.status).toBe('failed');

    for (const e of [failing, other]) e.receiver.respondWith((_req, res) => res.writeHead(200).end('ok'));
    const replayed = await api().post(`/api/v1/consumers/${acme}/endpoints/${failing.id}/replay`).set('X-API-Key', f.key).send({ since });
    expect(replayed.body).toEqual({ requeued: 2, limit_reached: false });
    await eventually(async () => {
      const delivered = await api()
        .get(`/api/v1/consumers/${acme}/endpoints/${failing.id}/deliveries?status=delivered`)
        .set('X-API-Key', f.key);
      expect(delivered.body.total).toBe(2);
    });
    expect(failing.receiver.requests.filter((r) => r.standardSignatureValid)).toHaveLength(4);
    const stillFailed = await api().get(`/api/v1/consumers/${acme}/endpoints/${other.id}/deliveries?status=failed`).set('X-API-Key', f.key);
    expect(stillFailed.body.total).toBe(1);
  });
});
