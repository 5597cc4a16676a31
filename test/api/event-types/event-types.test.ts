import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';

const f = useSystem();
const api = () => f.http();

const ORDER_SCHEMA = {
  type: 'object',
  required: ['order', 'amount'],
  properties: {
    order: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    amount: { type: 'number', minimum: 0 },
  },
};

const eventOf = (eventType: string, payload: Record<string, unknown>) => ({
  event_type: eventType,
  recipients: [{ channels: ['webhook'], webhook_url: 'http://127.0.0.1:9/hook' }],
  payload,
  inline: { html: '<p>hi</p>' },
});

let n = 0;
const uniqueName = (base: string) => `${base}.${Date.now()}.${++n}`;

describe('event types', () => {
  it('when created, read, listed by prefix, changed and deleted, then each answer follows', async () => {
    const name = uniqueName('invoice.paid');
    const created = await api()
      .post('/api/v1/event-types')
      .set('X-API-Key', f.key)
      .send({ name, description: 'An invoice was paid', schema: ORDER_SCHEMA, example: { order: { id: 1 }, amount: 10 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name,
      description: 'An invoice was paid',
      schema: ORDER_SCHEMA,
      example: { order: { id: 1 }, amount: 10 },
    });

    const got = await api().get(`/api/v1/event-types/${name}`).set('X-API-Key', f.key);
    expect(got.body.id).toBe(created.body.id);
    const listed = await api().get('/api/v1/event-types?prefix=invoice.').set('X-API-Key', f.key);
    expect(listed.body.items.map((t: { name: string }) => t.name)).toContain(name);
    expect((await api().get('/api/v1/event-types?prefix=nothing.').set('X-API-Key', f.key)).body.total).toBe(0);

    const changed = await api().patch(`/api/v1/event-types/${name}`).set('X-API-Key', f.key).send({ description: null, schema: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name, description: null, schema: null, example: { order: { id: 1 }, amount: 10 } });

    expect((await api().delete(`/api/v1/event-types/${name}`).set('X-API-Key', f.key)).status).toBe(204);
    expect((await api().get(`/api/v1/event-types/${name}`).set('X-API-Key', f.key)).status).toBe(404);
  });

  it('when a schema has an $id and a backtracking pattern, then it is saved twice and a long payload is refused at once', async () => {
    const schema = { $id: 'https://acme.example/sku.json', type: 'object', properties: { sku: { type: 'string', pattern: '^(a+)+$' } } };
    for (const name of [uniqueName('sku.changed'), uniqueName('sku.changed')]) {
      expect((await api().post('/api/v1/event-types').set('X-API-Key', f.key).send({ name, schema })).status).toBe(201);
      // A backtracking engine would take 2^40000 steps on this payload; the api answers at once.
      const refused = await api()
        .post('/api/v1/events')
        .set('X-API-Key', f.key)
        .send(eventOf(name, { sku: `${'a'.repeat(40_000)}!` }));
      expect(refused.status).toBe(422);
      expect(refused.body.detail[0].loc).toEqual(['body', 'payload', 'sku']);
      expect(
        (
          await api()
            .post('/api/v1/events')
            .set('X-API-Key', f.key)
            .send(eventOf(name, { sku: 'aaa' }))
        ).status,
      ).toBe(202);
    }
    const lookahead = await api()
      .post('/api/v1/event-types')
      .set('X-API-Key', f.key)
      .send({ name: uniqueName('sku.bad'), schema: { type: 'string', pattern: '^(?=a)' } });
    expect(lookahead.status).toBe(422);
    expect(lookahead.body.detail[0].loc).toEqual(['body', 'schema']);
  });

  it('when the name is taken, then 409', async () => {
    const name = uniqueName('user.created');
    await api().post('/api/v1/event-types').set('X-API-Key', f.key).send({ name });
    const again = await api().post('/api/v1/event-types').set('X-API-Key', f.key).send({ name });
    expect(again.status).toBe(409);
  });

  it('when the schema does not compile or the example does not match it, then 422 names the field', async () => {
    const bad = await api()
      .post('/api/v1/event-types')
      .set('X-API-Key', f.key)
      .send({ name: uniqueName('bad'), schema: { type: 'no-such-type' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'schema']);

    const mismatch = await api()
      .post('/api/v1/event-types')
      .set('X-API-Key', f.key)
      .send({ name: uniqueName('bad'), schema: ORDER_SCHEMA, example: { order: { id: 'x' }, amount: 1 } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.detail[0].loc).toEqual(['body', 'example', 'order', 'id']);
  });

  it('when a schema nests deeper than 32 levels, then 422 before it is compiled', async () => {
    let schema: Record<string, unknown> = { type: 'object' };
    for (let i = 0; i < 20; i++) schema = { type: 'object', properties: { a: schema } };
    const res = await api()
      .post('/api/v1/event-types')
      .set('X-API-Key', f.key)
      .send({ name: uniqueName('deep'), schema });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'schema'], msg: expect.stringMatching(/levels; at most 32/) });
  });

  it('when an event does not match its type schema, then POST /events is 422 naming the path, and a matching one is accepted', async () => {
    const name = uniqueName('order.placed');
    await api().post('/api/v1/event-types').set('X-API-Key', f.key).send({ name, schema: ORDER_SCHEMA });

    const wrongType = await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(eventOf(name, { order: { id: 'seven' }, amount: 3 }));
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.detail).toEqual([
      { loc: ['body', 'payload', 'order', 'id'], msg: expect.stringMatching(/must be integer/), type: 'value_error' },
    ]);

    const missing = await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(eventOf(name, { order: { id: 7 } }));
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'payload', 'amount'], type: 'missing' });

    const ok = await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(eventOf(name, { order: { id: 7 }, amount: 3 }));
    expect(ok.status).toBe(202);

    const uncatalogued = await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(eventOf(uniqueName('not.in.catalogue'), { anything: true }));
    expect(uncatalogued.status).toBe(202);
  });

  it('when one event of a batch does not match, then the whole batch is 422 naming that event', async () => {
    const name = uniqueName('order.batched');
    await api().post('/api/v1/event-types').set('X-API-Key', f.key).send({ name, schema: ORDER_SCHEMA });
    const res = await api()
      .post('/api/v1/events/batch')
      .set('X-API-Key', f.key)
      .send({ events: [eventOf(name, { order: { id: 1 }, amount: 1 }), eventOf(name, { order: { id: 2 }, amount: -1 })] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'events', 1, 'payload', 'amount']);
  });

  it('when a schema changes, then the next event is checked against the new one', async () => {
    const name = uniqueName('order.changed');
    await api().post('/api/v1/event-types').set('X-API-Key', f.key).send({ name, schema: ORDER_SCHEMA });
    expect(
      (
        await api()
          .post('/api/v1/events')
          .set('X-API-Key', f.key)
          .send(eventOf(name, { other: 1 }))
      ).status,
    ).toBe(422);
    await api()
      .patch(`/api/v1/event-types/${name}`)
      .set('X-API-Key', f.key)
      .send({ schema: { type: 'object', required: ['other'] } });
    expect(
      (
        await api()
          .post('/api/v1/events')
          .set('X-API-Key', f.key)
          .send(eventOf(name, { other: 1 }))
      ).status,
    ).toBe(202);
  });

  it('when a key lacks the scope, then 403; another project does not see the type', async () => {
    const reader = await aProject(f.system.api.db, f.config, ['event_types:read']);
    const name = uniqueName('scoped');
    expect((await api().post('/api/v1/event-types').set('X-API-Key', reader.api_key).send({ name })).status).toBe(403);
    await api().post('/api/v1/event-types').set('X-API-Key', f.key).send({ name });
    expect((await api().get(`/api/v1/event-types/${name}`).set('X-API-Key', reader.api_key)).status).toBe(404);
    const eventsOnly = await aProject(f.system.api.db, f.config, ['events:write']);
    expect((await api().get('/api/v1/event-types').set('X-API-Key', eventsOnly.api_key)).status).toBe(403);
  });
});
