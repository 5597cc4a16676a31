import request from 'supertest';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { aProject } from '../../support/projects';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';

/**
 * The scheduled-events API alone: no scheduler runs in this file, and every event it schedules
 * lies an hour or more ahead, so a scheduler in another test file never dispatches one of them.
 */
const config = testConfig();
let system: RunningSystem;
let key: string;
let projectId: string;

beforeAll(async () => {
  system = await startSystem(config);
  ({ api_key: key, project_id: projectId } = await aProject(system.api.db, config));
  await http()
    .put('/api/v1/templates/by-name/reminder?channel=email')
    .set('X-API-Key', key)
    .send({ subject: 'Reminder', body: '<p>{{what}}</p>' });
});
afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const aScheduledEvent = (over: Record<string, unknown> = {}) => ({
  event_type: 'reminder.due',
  scheduled_for: inAnHour(),
  recipients: [{ channels: ['email'], email: 'ada@example.com' }],
  template_name: 'reminder',
  payload: { what: 'dentist' },
  ...over,
});
const schedule = (body: Record<string, unknown>, apiKey = key) =>
  http().post('/api/v1/scheduled-events').set('X-API-Key', apiKey).send(body);

async function setStatus(id: string, status: string): Promise<void> {
  await system.api.db.query('UPDATE scheduled_events SET status = $2 WHERE id = $1', [id, status]);
}

describe('POST /scheduled-events', () => {
  it('when the request is valid, then 201 with a pending record in UTC and nothing dispatched yet', async () => {
    const when = new Date(Date.now() + 2 * 3600_000);
    const offset = when.toISOString().replace('Z', '+00:00');
    const res = await schedule(aScheduledEvent({ scheduled_for: offset, priority: 'high' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      api_key_id: expect.any(String),
      event_type: 'reminder.due',
      scheduled_for: when.toISOString(),
      priority: 'high',
      status: 'pending',
      event_id: null,
      failure_reason: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const detail = await http().get(`/api/v1/scheduled-events/${res.body.id}`).set('X-API-Key', key);
    expect(detail.body).toEqual(res.body);
  });

  it('when payload is left out, then it defaults to an empty object', async () => {
    const res = await schedule(aScheduledEvent({ payload: undefined, inline: { html: '<p>hi</p>' }, template_name: undefined }));
    expect(res.status).toBe(201);
    const { rows } = await system.api.db.query('SELECT request FROM scheduled_events WHERE id = $1', [res.body.id]);
    expect(rows[0].request.payload).toEqual({});
  });

  it('when attachments are given within the limits, then they are accepted and kept for the dispatched event', async () => {
    const attachments = [{ filename: 'invoice.pdf', url: 'https://files.example.com/invoice.pdf', size_bytes: 1024 }];
    const res = await schedule(aScheduledEvent({ attachments, metadata: { source: 'crm' } }));
    expect(res.status).toBe(201);
    const { rows } = await system.api.db.query('SELECT request FROM scheduled_events WHERE id = $1', [res.body.id]);
    expect(rows[0].request).toMatchObject({ attachments, metadata: { source: 'crm' } });
  });

  it.each([
    ['has no timezone offset', () => inAnHour().replace('Z', ''), /date-time|timezone/],
    ['is in the past', () => new Date(Date.now() - 60_000).toISOString(), /must be in the future/],
    ['is now-ish but already passed with an offset', () => new Date(Date.now() - 1000).toISOString().replace('Z', '+00:00'), /future/],
  ])('when scheduled_for %s, then 422 on scheduled_for', async (_case, when, msg) => {
    const res = await schedule(aScheduledEvent({ scheduled_for: when() }));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'scheduled_for']);
    expect(res.body.detail[0].msg).toMatch(msg);
  });

  it('when template_name names no template of the project, then 422 on template_name', async () => {
    const res = await schedule(aScheduledEvent({ template_name: 'no-such-template' }));
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'template_name'], msg: 'template "no-such-template" not found', type: 'value_error' },
    ]);
  });

  it('when there is no content source, or two, then 422', async () => {
    const none = await schedule(aScheduledEvent({ template_name: undefined }));
    expect(none.status).toBe(422);
    expect(none.body.detail[0].msg).toMatch(/exactly one of template_id, template_name, inline/);
    const two = await schedule(aScheduledEvent({ inline: { html: '<p>x</p>' } }));
    expect(two.status).toBe(422);
    expect(two.body.detail[0].loc).toEqual(['body', 'inline']);
  });

  it('when a recipient lacks the phone for sms, then 422 points at the field', async () => {
    const res = await schedule(aScheduledEvent({ recipients: [{ channels: ['sms'] }], template_name: undefined, inline: { html: 'x' } }));
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'recipients', 0, 'phone'], msg: 'phone is required when channels includes sms', type: 'missing' },
    ]);
  });

  it('when attachments break the limits, then 422 as on POST /events', async () => {
    const one = (size: number) => ({ filename: 'a.pdf', url: 'https://files.example.com/a.pdf', size_bytes: size });
    const tooMany = await schedule(aScheduledEvent({ attachments: Array.from({ length: 11 }, () => one(1)) }));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0].loc).toEqual(['body', 'attachments']);
    const tooBig = await schedule(aScheduledEvent({ attachments: [one(20 * 1024 * 1024), one(11 * 1024 * 1024)] }));
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.detail[0].msg).toMatch(/30 MB/);
    const badName = await schedule(aScheduledEvent({ attachments: [{ ...one(1), filename: 'a/b.pdf' }] }));
    expect(badName.status).toBe(422);
    expect(badName.body.detail[0].loc).toEqual(['body', 'attachments', 0, 'filename']);
  });

  it('when a webhook target is a private address, then 422 at scheduling time', async () => {
    const res = await schedule(
      aScheduledEvent({
        recipients: [{ channels: ['webhook'], webhook_url: 'http://10.0.0.1/hook' }],
        template_name: undefined,
        inline: { html: 'x' },
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'recipients', 0, 'webhook_url']);
  });

  it('when an idempotency_key is sent, then 422: scheduled events do not take one', async () => {
    const res = await schedule(aScheduledEvent({ idempotency_key: 'k-1' }));
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ type: 'extra_forbidden' });
  });
});

describe('GET /scheduled-events', () => {
  it('when filtering by status, then only those come back in the envelope, newest first', async () => {
    const project = await aProject(system.api.db, config);
    await http().put('/api/v1/templates/by-name/reminder?channel=email').set('X-API-Key', project.api_key).send({ body: '<p>x</p>' });
    const first = await schedule(aScheduledEvent(), project.api_key);
    const second = await schedule(aScheduledEvent(), project.api_key);
    await setStatus(first.body.id, 'cancelled');

    const all = await http().get('/api/v1/scheduled-events').set('X-API-Key', project.api_key);
    expect(all.body).toMatchObject({ total: 2, page: 1, per_page: 25, total_pages: 1 });
    expect(all.body.items.map((s: { id: string }) => s.id)).toEqual([second.body.id, first.body.id]);
    const pending = await http().get('/api/v1/scheduled-events?status=pending').set('X-API-Key', project.api_key);
    expect(pending.body.items.map((s: { id: string }) => s.id)).toEqual([second.body.id]);
    const bad = await http().get('/api/v1/scheduled-events?status=sent').set('X-API-Key', project.api_key);
    expect(bad.status).toBe(422);
  });
});

describe('DELETE /scheduled-events/{id}', () => {
  it('when the event is pending, then 204 and cancelled; a repeat cancel is a 204 no-op', async () => {
    const { body } = await schedule(aScheduledEvent());
    const first = await http().delete(`/api/v1/scheduled-events/${body.id}`).set('X-API-Key', key);
    expect(first.status).toBe(204);
    const cancelled = await http().get(`/api/v1/scheduled-events/${body.id}`).set('X-API-Key', key);
    expect(cancelled.body.status).toBe('cancelled');
    const again = await http().delete(`/api/v1/scheduled-events/${body.id}`).set('X-API-Key', key);
    expect(again.status).toBe(204);
    const after = await http().get(`/api/v1/scheduled-events/${body.id}`).set('X-API-Key', key);
    expect(after.body).toEqual(cancelled.body);
  });

  it.each(['dispatched', 'failed', 'expired'])('when the event is %s, then 409 with a detail and it stays so', async (status) => {
    const { body } = await schedule(aScheduledEvent());
    await setStatus(body.id, status);
    const res = await http().delete(`/api/v1/scheduled-events/${body.id}`).set('X-API-Key', key);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: expect.stringContaining(`is ${status}`) });
    const { rows } = await system.api.db.query('SELECT status FROM scheduled_events WHERE id = $1', [body.id]);
    expect(rows[0].status).toBe(status);
  });

  it("when the id is unknown or another project's, then 404", async () => {
    const { body } = await schedule(aScheduledEvent());
    const stranger = await aProject(system.api.db, config);
    expect((await http().delete(`/api/v1/scheduled-events/${body.id}`).set('X-API-Key', stranger.api_key)).status).toBe(404);
    const unknown = await http().delete('/api/v1/scheduled-events/00000000-0000-4000-8000-000000000000').set('X-API-Key', key);
    expect(unknown.status).toBe(404);
  });
});

describe('scopes', () => {
  it('when a key holds scheduled_events:read only, then it lists but cannot schedule or cancel (403)', async () => {
    const reader = await aProject(system.api.db, config, ['scheduled_events:read']);
    expect((await http().get('/api/v1/scheduled-events').set('X-API-Key', reader.api_key)).status).toBe(200);
    const post = await schedule(aScheduledEvent(), reader.api_key);
    expect(post.status).toBe(403);
    expect(post.body.detail).toMatch(/scheduled_events:write/);
    const del = await http().delete('/api/v1/scheduled-events/00000000-0000-4000-8000-000000000000').set('X-API-Key', reader.api_key);
    expect(del.status).toBe(403);
  });

  it('when a key lacks scheduled_events:read, then listing is 403', async () => {
    const other = await aProject(system.api.db, config, ['events:write']);
    expect((await http().get('/api/v1/scheduled-events').set('X-API-Key', other.api_key)).status).toBe(403);
  });

  it('when the project is asked for its scheduled events, then only its own appear', async () => {
    const { rows } = await system.api.db.query('SELECT count(*)::int AS n FROM scheduled_events WHERE project_id = $1', [projectId]);
    const res = await http().get('/api/v1/scheduled-events?per_page=100').set('X-API-Key', key);
    expect(res.body.total).toBe(rows[0].n);
  });
});
