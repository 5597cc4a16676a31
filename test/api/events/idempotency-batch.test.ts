import { aProject } from '../../support/projects';

import { useSystem } from '../../support/system-fixture';

const f = useSystem();

const http = () => f.http();
const anEvent = (over: Record<string, unknown> = {}) => ({
  event_type: 'invoice.paid',
  recipients: [
    { channels: ['email', 'sms'], email: 'a@example.com', phone: '+447700900123' },
    { channels: ['webhook'], webhook_url: 'http://127.0.0.1:9/h' },
  ],
  payload: { invoice: 7 },
  inline: { html: '<b>paid</b>' },
  ...over,
});
const eventsWithKey = async (key: string) =>
  (
    await f.system.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE project_id = $1 AND idempotency_key = $2', [
      f.project.project_id,
      key,
    ])
  ).rows[0].n;

describe('idempotency', () => {
  it('when the same key and body arrive again, then 200 returns the original event and nothing new exists', async () => {
    const first = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(anEvent({ idempotency_key: 'k-repeat' }));
    const second = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(anEvent({ idempotency_key: 'k-repeat' }));
    expect(first.status).toBe(202);
    expect(second.status).toBe(200);
    const { status: _s, updated_at: _u, ...stable } = first.body;
    expect(second.body).toMatchObject(stable);
    expect(await eventsWithKey('k-repeat')).toBe(1);
  });

  it('when ten identical requests race, then exactly one event exists and all ten answers name it', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        http()
          .post('/api/v1/events')
          .set('X-API-Key', f.key)
          .send(anEvent({ idempotency_key: 'k-race' })),
      ),
    );
    expect(responses.filter((r) => r.status === 202)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(9);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(await eventsWithKey('k-race')).toBe(1);
  });

  it('when the key is reused with a different body, then 409 and the original is untouched', async () => {
    await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(anEvent({ idempotency_key: 'k-other' }));
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(anEvent({ idempotency_key: 'k-other', payload: { invoice: 8 } }));
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/different request body/);
    expect(await eventsWithKey('k-other')).toBe(1);
  });

  it('when another project uses the same key, then it gets its own event', async () => {
    const other = await aProject(f.system.api.db, f.config);
    const mine = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(anEvent({ idempotency_key: 'k-shared' }));
    const theirs = await http()
      .post('/api/v1/events')
      .set('X-API-Key', other.api_key)
      .send(anEvent({ idempotency_key: 'k-shared' }));
    expect(theirs.status).toBe(202);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });
});

describe('POST /events/batch', () => {
  it('when every event is valid, then 202 counts events and notifications', async () => {
    const res = await http()
      .post('/api/v1/events/batch')
      .set('X-API-Key', f.key)
      .send({ events: [anEvent(), anEvent()] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ batch_id: expect.any(String), status: 'accepted', events_created: 2, notifications_created: 6 });
    const { rows } = await f.system.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE batch_id = $1', [
      res.body.batch_id,
    ]);
    expect(rows[0].n).toBe(2);
  });

  it('when one event is invalid, then 422 names its index and nothing is written', async () => {
    const res = await http()
      .post('/api/v1/events/batch')
      .set('X-API-Key', f.key)
      .send({ events: [anEvent({ idempotency_key: 'b-ok' }), anEvent({ recipients: [{ channels: ['sms'] }] })] });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'events', 1, 'recipients', 0, 'phone'], msg: 'phone is required when channels includes sms', type: 'missing' },
    ]);
    expect(await eventsWithKey('b-ok')).toBe(0);
  });

  it('when more than 50 events are sent, then 422', async () => {
    const res = await http()
      .post('/api/v1/events/batch')
      .set('X-API-Key', f.key)
      .send({ events: Array.from({ length: 51 }, () => anEvent()) });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'events']);
  });

  it('when a key repeats inside the batch, then 422 names the second index', async () => {
    const res = await http()
      .post('/api/v1/events/batch')
      .set('X-API-Key', f.key)
      .send({ events: [anEvent({ idempotency_key: 'b-dup' }), anEvent({ idempotency_key: 'b-dup' })] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'events', 1, 'idempotency_key']);
  });

  it('when a batch repeats an earlier event with the same key and body, then that event is not created again', async () => {
    await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(anEvent({ idempotency_key: 'b-earlier' }));
    const res = await http()
      .post('/api/v1/events/batch')
      .set('X-API-Key', f.key)
      .send({ events: [anEvent({ idempotency_key: 'b-earlier' }), anEvent({ idempotency_key: 'b-new' })] });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ events_created: 1, notifications_created: 3 });
    expect(await eventsWithKey('b-earlier')).toBe(1);
  });

  it('when a batch reuses a key with a different body, then 409 and nothing of the batch is written', async () => {
    await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(anEvent({ idempotency_key: 'b-clash' }));
    const res = await http()
      .post('/api/v1/events/batch')
      .set('X-API-Key', f.key)
      .send({ events: [anEvent({ idempotency_key: 'b-fresh' }), anEvent({ idempotency_key: 'b-clash', payload: { x: 1 } })] });
    expect(res.status).toBe(409);
    expect(await eventsWithKey('b-fresh')).toBe(0);
  });
});
