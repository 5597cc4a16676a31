import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';

const f = useSystem();
const api = () => f.http();

let n = 0;
const uid = (base = 'customer') => `${base}-${Date.now()}-${++n}`;
const WHSEC = /^whsec_[A-Za-z0-9+/]{43}=$/;

async function aConsumer(key = f.key, body: Record<string, unknown> = {}): Promise<string> {
  const id = uid();
  const res = await api()
    .post('/api/v1/consumers')
    .set('X-API-Key', key)
    .send({ uid: id, name: 'Acme Corp', ...body });
  expect(res.status).toBe(201);
  return id;
}

async function anEndpoint(consumer: string, body: Record<string, unknown> = {}, key = f.key) {
  const res = await api()
    .post(`/api/v1/consumers/${consumer}/endpoints`)
    .set('X-API-Key', key)
    .send({ url: 'http://127.0.0.1:9/hook', ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; signing_secret: string };
}

describe('consumers', () => {
  it('when created, read, listed, changed and deleted, then each answer follows and a taken uid is 409', async () => {
    const id = await aConsumer(f.key, { metadata: { plan: 'gold' } });
    const got = await api().get(`/api/v1/consumers/${id}`).set('X-API-Key', f.key);
    expect(got.body).toMatchObject({ uid: id, name: 'Acme Corp', metadata: { plan: 'gold' } });
    const listed = await api().get('/api/v1/consumers?per_page=100').set('X-API-Key', f.key);
    expect(listed.body.items.map((c: { uid: string }) => c.uid)).toContain(id);

    const taken = await api().post('/api/v1/consumers').set('X-API-Key', f.key).send({ uid: id, name: 'Again' });
    expect(taken.status).toBe(409);

    const changed = await api().patch(`/api/v1/consumers/${id}`).set('X-API-Key', f.key).send({ name: 'Acme Inc' });
    expect(changed.body).toMatchObject({ name: 'Acme Inc', metadata: { plan: 'gold' } });

    expect((await api().delete(`/api/v1/consumers/${id}`).set('X-API-Key', f.key)).status).toBe(204);
    expect((await api().get(`/api/v1/consumers/${id}`).set('X-API-Key', f.key)).status).toBe(404);
  });

  it('when metadata is past its limits, then 422 names metadata', async () => {
    const big = await api()
      .post('/api/v1/consumers')
      .set('X-API-Key', f.key)
      .send({ uid: uid(), name: 'Big', metadata: { notes: 'x'.repeat(5000) } });
    expect(big.status).toBe(422);
    expect(big.body.detail[0].loc).toEqual(['body', 'metadata']);
    const keys = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const many = await api().post('/api/v1/consumers').set('X-API-Key', f.key).send({ uid: uid(), name: 'Many', metadata: keys });
    expect(many.status).toBe(422);
    expect(many.body.detail[0].loc).toEqual(['body', 'metadata']);
  });
});

describe('consumer endpoints', () => {
  it('when created, then the secret is shown once as whsec_ + base64 and never in reads', async () => {
    const consumer = await aConsumer();
    const created = await anEndpoint(consumer, {
      description: 'orders',
      event_types: ['order.*', 'user.created'],
      rate_limit_per_second: 5,
    });
    expect(created).toMatchObject({
      consumer_uid: consumer,
      url: 'http://127.0.0.1:9/hook',
      description: 'orders',
      event_types: ['order.*', 'user.created'],
      enabled: true,
      rate_limit_per_second: 5,
    });
    expect(created.signing_secret).toMatch(WHSEC);

    const read = await api().get(`/api/v1/consumers/${consumer}/endpoints/${created.id}`).set('X-API-Key', f.key);
    expect(read.body).not.toHaveProperty('signing_secret');
    expect(JSON.stringify(read.body)).not.toContain(created.signing_secret);
    const list = await api().get(`/api/v1/consumers/${consumer}/endpoints`).set('X-API-Key', f.key);
    expect(list.body).toMatchObject({ total: 1, items: [expect.objectContaining({ id: created.id })] });
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    const row = await f.system.api.db.query<{ signing_secret_sealed: string }>(
      'SELECT signing_secret_sealed FROM consumer_endpoints WHERE id = $1',
      [created.id],
    );
    expect(row.rows[0].signing_secret_sealed).not.toContain(created.signing_secret.slice(6));
  });

  it('when the URL is private or internal, then 422 names url (the SSRF rules of webhook_url)', async () => {
    const consumer = await aConsumer();
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::ffff:192.168.0.1]/x']) {
      const res = await api().post(`/api/v1/consumers/${consumer}/endpoints`).set('X-API-Key', f.key).send({ url });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'url'], msg: expect.stringMatching(/public address/) });
    }
    const endpoint = await anEndpoint(consumer);
    const moved = await api()
      .patch(`/api/v1/consumers/${consumer}/endpoints/${endpoint.id}`)
      .set('X-API-Key', f.key)
      .send({ url: 'http://192.168.1.1/hook' });
    expect(moved.status).toBe(422);
    expect(moved.body.detail[0].loc).toEqual(['body', 'url']);
  });

  it('when a filter is not a name or prefix.*, then 422 names it', async () => {
    const consumer = await aConsumer();
    const res = await api()
      .post(`/api/v1/consumers/${consumer}/endpoints`)
      .set('X-API-Key', f.key)
      .send({ url: 'http://127.0.0.1:9/hook', event_types: ['order.*', 'order.*.created'] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'event_types', 1]);
  });

  it('when rotated, then a new secret is shown and the old one signs until the grace period ends', async () => {
    const consumer = await aConsumer();
    const endpoint = await anEndpoint(consumer);
    const rotated = await api()
      .post(`/api/v1/consumers/${consumer}/endpoints/${endpoint.id}/secret/rotate`)
      .set('X-API-Key', f.key)
      .send({ grace_period_seconds: 3600 });
    expect(rotated.status).toBe(200);
    expect(rotated.headers['cache-control']).toMatch(/no-store/);
    expect(rotated.body.signing_secret).toMatch(WHSEC);
    expect(rotated.body.signing_secret).not.toBe(endpoint.signing_secret);
    const read = await api().get(`/api/v1/consumers/${consumer}/endpoints/${endpoint.id}`).set('X-API-Key', f.key);
    expect(read.body.previous_secret_expires_at).toBe(rotated.body.previous_expires_at);
  });

  it('when disabled with a reason and enabled again, then the endpoint says so', async () => {
    const consumer = await aConsumer();
    const endpoint = await anEndpoint(consumer);
    const path = `/api/v1/consumers/${consumer}/endpoints/${endpoint.id}`;
    const disabled = await api().post(`${path}/disable`).set('X-API-Key', f.key).send({ reason: 'customer asked' });
    expect(disabled.body).toMatchObject({ enabled: false, disabled_reason: 'customer asked', disabled_at: expect.any(String) });
    const test = await api().post(`${path}/test`).set('X-API-Key', f.key).send({});
    expect(test.status).toBe(409);
    const enabled = await api().post(`${path}/enable`).set('X-API-Key', f.key);
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
  });

  it('when a consumer has 20 endpoints, then the 21st is 409', async () => {
    const consumer = await aConsumer();
    for (let i = 0; i < 20; i++) await anEndpoint(consumer);
    const res = await api().post(`/api/v1/consumers/${consumer}/endpoints`).set('X-API-Key', f.key).send({ url: 'http://127.0.0.1:9/x' });
    expect(res.status).toBe(409);
  });

  it("when another project's consumer or endpoint is named, then every operation is 404", async () => {
    const other = await aProject(f.system.api.db, f.config);
    const consumer = await aConsumer(other.api_key);
    const endpoint = await anEndpoint(consumer, {}, other.api_key);
    const path = `/api/v1/consumers/${consumer}/endpoints/${endpoint.id}`;
    const calls = [
      api().get(`/api/v1/consumers/${consumer}`),
      api().patch(`/api/v1/consumers/${consumer}`).send({ name: 'x' }),
      api().delete(`/api/v1/consumers/${consumer}`),
      api().get(`/api/v1/consumers/${consumer}/endpoints`),
      api().post(`/api/v1/consumers/${consumer}/endpoints`).send({ url: 'http://127.0.0.1:9/x' }),
      api().get(path),
      api().patch(path).send({ description: 'x' }),
      api().delete(path),
      api().post(`${path}/secret/rotate`).send({}),
      api().post(`${path}/disable`).send({}),
      api().post(`${path}/enable`),
      api().post(`${path}/test`).send({}),
      api().get(`${path}/deliveries`),
    ];
    for (const call of calls) expect((await call.set('X-API-Key', f.key)).status).toBe(404);
    // Still there for its own project.
    expect((await api().get(path).set('X-API-Key', other.api_key)).status).toBe(200);

    // An endpoint of one consumer is not reached through another consumer of the same project.
    const mine = await aConsumer();
    expect((await api().get(`/api/v1/consumers/${mine}/endpoints/${endpoint.id}`).set('X-API-Key', other.api_key)).status).toBe(404);
  });

  it('when a key lacks the scope, then 403', async () => {
    const reader = await aProject(f.system.api.db, f.config, ['consumers:read']);
    expect((await api().post('/api/v1/consumers').set('X-API-Key', reader.api_key).send({ uid: uid(), name: 'x' })).status).toBe(403);
    expect((await api().get('/api/v1/consumers').set('X-API-Key', reader.api_key)).status).toBe(200);
    const eventsOnly = await aProject(f.system.api.db, f.config, ['events:write', 'event_types:write']);
    expect((await api().get('/api/v1/consumers').set('X-API-Key', eventsOnly.api_key)).status).toBe(403);
  });
});

describe('events naming a consumer', () => {
  const event = (recipient: Record<string, unknown>) => ({
    event_type: 'order.created',
    recipients: [{ channels: ['webhook'], ...recipient }],
    payload: {},
    inline: { html: '<p>x</p>' },
  });

  it('when the consumer does not exist in the project, then 422 names it', async () => {
    const other = await aProject(f.system.api.db, f.config);
    const elsewhere = await aConsumer(other.api_key);
    for (const name of ['nobody', elsewhere]) {
      const res = await api()
        .post('/api/v1/events')
        .set('X-API-Key', f.key)
        .send(event({ consumer: name }));
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        { loc: ['body', 'recipients', 0, 'consumer'], msg: `consumer ${JSON.stringify(name)} not found`, type: 'value_error' },
      ]);
    }
  });

  it('when a consumer is named, then deleted, or named in another project, then intake tells at once; one created after a 422 can be named at once', async () => {
    const publish = (key: string, consumer: string) => api().post('/api/v1/events').set('X-API-Key', key).send(event({ consumer }));
    const doomed = await aConsumer(f.key);
    expect((await publish(f.key, doomed)).status).toBe(202);
    expect((await api().delete(`/api/v1/consumers/${doomed}`).set('X-API-Key', f.key)).status).toBe(204);
    expect((await publish(f.key, doomed)).status).toBe(422);

    // Known to intake in its own project, unknown in this one.
    const other = await aProject(f.system.api.db, f.config);
    const theirs = await aConsumer(other.api_key);
    expect((await publish(other.api_key, theirs)).status).toBe(202);
    expect((await publish(f.key, theirs)).status).toBe(422);

    const later = uid();
    expect((await publish(f.key, later)).status).toBe(422);
    expect((await api().post('/api/v1/consumers').set('X-API-Key', f.key).send({ uid: later, name: 'Later' })).status).toBe(201);
    expect((await publish(f.key, later)).status).toBe(202);
  });

  it('when a recipient names both webhook_url and consumer, or a consumer without the webhook channel, then 422', async () => {
    const consumer = await aConsumer();
    const both = await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(event({ consumer, webhook_url: 'http://127.0.0.1:9/x' }));
    expect(both.status).toBe(422);
    expect(both.body.detail[0].loc).toEqual(['body', 'recipients', 0, 'consumer']);
    const noWebhook = await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({ ...event({}), recipients: [{ channels: ['email'], email: 'a@example.com', consumer }] });
    expect(noWebhook.status).toBe(422);
    expect(noWebhook.body.detail[0].loc).toEqual(['body', 'recipients', 0, 'consumer']);
  });
});
