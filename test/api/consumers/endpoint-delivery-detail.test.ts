import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { useSystem } from '../../support/system-fixture';
import { WebhookReceiver } from '../../support/webhook-receiver';

const f = useSystem({ extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))] });
const api = () => f.http();
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await WebhookReceiver.start('unused');
});
afterAll(() => receiver?.stop());

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read();
}

describe("an endpoint's delivery", () => {
  it('when the receiver failed once and then took it, then the delivery shows both attempts with status code, error and duration', async () => {
    receiver.respondWith((_req, res, nth) => (nth === 1 ? res.writeHead(503).end('busy') : res.writeHead(204).end()));
    await api().post('/api/v1/consumers').set('X-API-Key', f.key).send({ uid: 'acme', name: 'Acme' });
    const endpoint = await api()
      .post('/api/v1/consumers/acme/endpoints')
      .set('X-API-Key', f.key)
      .send({ url: `${receiver.url}/hook` });
    const base = `/api/v1/consumers/acme/endpoints/${endpoint.body.id}`;
    expect((await api().post(`${base}/test`).set('X-API-Key', f.key).send({})).status).toBe(202);
    const listed = await eventually(
      () => api().get(`${base}/deliveries`).set('X-API-Key', f.key),
      (res) => res.body.items?.[0]?.status === 'delivered',
    );
    const id = listed.body.items[0].id;

    const detail = await api().get(`${base}/deliveries/${id}`).set('X-API-Key', f.key);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ ...listed.body.items[0], status: 'delivered' });
    expect(detail.body.attempts).toHaveLength(2);
    expect(detail.body.attempts[0]).toMatchObject({ attempt: 1, status_code: 503, error: expect.any(String) });
    expect(detail.body.attempts[1]).toMatchObject({ attempt: 2, status_code: 204, error: null });
    for (const attempt of detail.body.attempts) {
      expect(attempt.duration_ms).toEqual(expect.any(Number));
      expect(Number.isNaN(Date.parse(attempt.created_at))).toBe(false);
    }
  });

  it("when the notification is another endpoint's, or none at all, then it is a 404", async () => {
    await api().post('/api/v1/consumers').set('X-API-Key', f.key).send({ uid: 'globex', name: 'Globex' });
    const one = await api()
      .post('/api/v1/consumers/globex/endpoints')
      .set('X-API-Key', f.key)
      .send({ url: `${receiver.url}/one` });
    const two = await api()
      .post('/api/v1/consumers/globex/endpoints')
      .set('X-API-Key', f.key)
      .send({ url: `${receiver.url}/two` });
    receiver.respondWith((_req, res) => res.writeHead(200).end());
    await api().post(`/api/v1/consumers/globex/endpoints/${one.body.id}/test`).set('X-API-Key', f.key).send({});
    const listed = await eventually(
      () => api().get(`/api/v1/consumers/globex/endpoints/${one.body.id}/deliveries`).set('X-API-Key', f.key),
      (res) => res.body.items?.length > 0,
    );
    const id = listed.body.items[0].id;
    expect((await api().get(`/api/v1/consumers/globex/endpoints/${one.body.id}/deliveries/${id}`).set('X-API-Key', f.key)).status).toBe(
      200,
    );
    expect((await api().get(`/api/v1/consumers/globex/endpoints/${two.body.id}/deliveries/${id}`).set('X-API-Key', f.key)).status).toBe(
      404,
    );
    const unknown = await api()
      .get(`/api/v1/consumers/globex/endpoints/${one.body.id}/deliveries/00000000-0000-4000-8000-000000000000`)
      .set('X-API-Key', f.key);
    expect(unknown.status).toBe(404);
  });
});
