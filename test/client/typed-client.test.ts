import { createHeraldClient } from '@herald/client';
import { createLogger } from '@herald/logger';
import { verifyWebhook } from '@herald/webhook-verify';
import { startWebhookWorker } from '../../services/webhook-worker/src/app';
import { eventually } from '../support/eventually';
import { useSystem } from '../support/system-fixture';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The published pieces a customer uses, against the real api and pipeline: the client generated
 * from openapi.yaml, and the verification helper on a real signed delivery.
 */
const f = useSystem({ extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))] });
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await WebhookReceiver.start(f.project.webhook_signing_secret);
});
afterAll(() => receiver.stop());

describe('@herald/client and @herald/webhook-verify', () => {
  it('publishes with the typed client, reads the event back, and verifies the delivery it causes', async () => {
    const herald = createHeraldClient({ baseUrl: f.system.api.baseUrl, apiKey: f.key });
    const accepted = await herald.POST('/events', {
      body: {
        event_type: 'client.typed',
        recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/typed` }],
        payload: { via: 'client' },
        inline: { html: '<p>x</p>' },
      },
    });
    expect(accepted.response.status).toBe(202);
    const id = accepted.data!.id;

    const event = await eventually(async () => {
      const { data } = await herald.GET('/events/{id}', { params: { path: { id } } });
      expect(data?.status).toBe('completed');
      return data!;
    });
    const [delivery] = receiver.for(event.notifications![0].id);
    const verified = verifyWebhook(f.project.webhook_signing_secret, delivery.rawBody, delivery.headers);
    expect(verified).toMatchObject({ ok: true, scheme: 'standard-webhooks', id: event.notifications![0].id });
    // The Herald header alone verifies too, and a tampered body does not.
    const { ['webhook-signature']: _dropped, ...heraldOnly } = delivery.headers;
    expect(verifyWebhook(f.project.webhook_signing_secret, delivery.rawBody, heraldOnly)).toMatchObject({ ok: true, scheme: 'herald' });
    expect(verifyWebhook(f.project.webhook_signing_secret, Buffer.concat([delivery.rawBody, Buffer.from(' ')]), delivery.headers).ok).toBe(
      false,
    );
  });

  it('gives the documented error body, typed, for a request the api refuses', async () => {
    const herald = createHeraldClient({ baseUrl: f.system.api.baseUrl, apiKey: f.key });
    const refused = await herald.POST('/events', {
      body: { event_type: '', recipients: [], payload: {}, inline: { html: '<p>x</p>' } },
    });
    expect(refused.response.status).toBe(422);
    expect(refused.error).toMatchObject({
      detail: expect.arrayContaining([expect.objectContaining({ loc: expect.any(Array), msg: expect.any(String) })]),
    });

    const anonymous = createHeraldClient({ baseUrl: f.system.api.baseUrl });
    const denied = await anonymous.GET('/events', {});
    expect(denied.response.status).toBe(401);
    expect(denied.error).toEqual({ detail: expect.any(String) });
  });
});
