import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startScheduler } from '../../services/scheduler/src/app';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';
import { startSystem, type RunningSystem } from '../support/system';
import { testConfig } from '../support/test-env';

/**
 * api + fan-out + an in-process scheduler at the test cadence (1 s). The only file that runs a
 * scheduler on the shared test database, so no other file's scheduler claims these rows.
 */
// A byte budget below two of the large requests below (each ~40 KB), far above the small ones.
const config = testConfig({ SCHEDULER_INTERVAL_MS: '1000', SCHEDULER_BATCH_BYTES: '60000' });
let system: RunningSystem;
let key: string;
let apiKeyId: string;

beforeAll(async () => {
  system = await startSystem(config, [(c) => startScheduler(c, createLogger('scheduler', c.LOG_LEVEL))]);
  ({ api_key: key, api_key_id: apiKeyId } = await aProject(system.api.db, config));
  await putTemplate('greeting', 'email', { subject: 'Hello {{name}}', body: '<p>Hello {{name}}</p>' });
});
afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));
const db = () => system.api.db;
const putTemplate = (name: string, channel: string, body: Record<string, unknown>) =>
  http().put(`/api/v1/templates/by-name/${name}?channel=${channel}`).set('X-API-Key', key).send(body);
const aScheduledEvent = (over: Record<string, unknown> = {}) => ({
  event_type: 'greeting.due',
  scheduled_for: new Date(Date.now() + 3600_000).toISOString(),
  recipients: [{ channels: ['email'], email: 'ada@example.com' }],
  template_name: 'greeting',
  payload: { name: 'Ada' },
  ...over,
});

async function schedule(body: Record<string, unknown>): Promise<string> {
  const res = await http().post('/api/v1/scheduled-events').set('X-API-Key', key).send(body);
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Moves a scheduled event's time (SQL, so it can lie in the past); the scheduler picks it up on its next tick. */
async function dueAt(id: string, sqlTime: string): Promise<void> {
  await db().query(`UPDATE scheduled_events SET scheduled_for = ${sqlTime} WHERE id = $1`, [id]);
}

async function scheduled(id: string) {
  const res = await http().get(`/api/v1/scheduled-events/${id}`).set('X-API-Key', key);
  return res.body;
}

async function settled(id: string) {
  return eventually(async () => {
    const row = await scheduled(id);
    expect(row.status).not.toBe('pending');
    return row;
  });
}

describe('scheduler dispatch', () => {
  it('when scheduled_for arrives, then a regular event is created through the intake, fanned out, and the record names it', async () => {
    const attachments = [{ filename: 'plan.pdf', url: 'https://files.example.com/plan.pdf', size_bytes: 2048 }];
    const id = await schedule(
      aScheduledEvent({ scheduled_for: new Date(Date.now() + 1500).toISOString(), priority: 'high', attachments, metadata: { crm: 7 } }),
    );
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'dispatched', event_id: expect.any(String), failure_reason: null });

    const event = await http().get(`/api/v1/events/${row.event_id}`).set('X-API-Key', key);
    expect(event.body).toMatchObject({ event_type: 'greeting.due', priority: 'high', payload: { name: 'Ada' }, metadata: { crm: 7 } });
    const { rows } = await db().query('SELECT api_key_id, attachments, content FROM events WHERE id = $1', [row.event_id]);
    expect(rows[0]).toEqual({ api_key_id: apiKeyId, attachments, content: { template_name: 'greeting' } });
    await eventually(async () => {
      const detail = await http().get(`/api/v1/events/${row.event_id}`).set('X-API-Key', key);
      expect(detail.body.notifications).toEqual([expect.objectContaining({ channel: 'email', status: 'processing' })]);
    });
  });

  it('when the template is edited before dispatch, then the notification carries the edited rendering', async () => {
    await putTemplate('edited', 'email', { subject: 'Old {{name}}', body: '<p>old</p>' });
    const id = await schedule(aScheduledEvent({ template_name: 'edited' }));
    await putTemplate('edited', 'email', { subject: 'New {{name}}', body: '<p>new for {{name}}</p>' });
    await dueAt(id, 'now()');

    const row = await settled(id);
    expect(row.status).toBe('dispatched');
    const content = await eventually(async () => {
      const { rows } = await db().query('SELECT content FROM event_contents WHERE event_id = $1', [row.event_id]);
      expect(rows).toHaveLength(1);
      return rows[0].content;
    });
    expect(content).toMatchObject({ subject: 'New Ada', html: '<p>new for Ada</p>' });
  });

  it('when the template was deleted before dispatch, then failed with a reason naming it, and no event exists', async () => {
    const template = await putTemplate('doomed', 'email', { body: '<p>x</p>' });
    const id = await schedule(aScheduledEvent({ template_name: 'doomed' }));
    await http().delete(`/api/v1/templates/${template.body.id}`).set('X-API-Key', key);
    await dueAt(id, 'now()');

    const row = await settled(id);
    expect(row).toMatchObject({ status: 'failed', event_id: null, failure_reason: expect.stringContaining('template "doomed" not found') });
    const events = await db().query(
      "SELECT count(*)::int AS n FROM events WHERE event_type = 'greeting.due' AND content->>'template_name' = 'doomed'",
    );
    expect(events.rows[0].n).toBe(0);
  });

  it('when the template lost the channel a recipient needs, then failed with a reason naming the channel', async () => {
    await putTemplate('two-channels', 'email', { body: '<p>x</p>' });
    const sms = await putTemplate('two-channels', 'sms', { body: 'x' });
    const id = await schedule(
      aScheduledEvent({
        template_name: 'two-channels',
        recipients: [{ channels: ['email', 'sms'], email: 'a@example.com', phone: '+14155550100' }],
      }),
    );
    await http().delete(`/api/v1/templates/${sms.body.id}`).set('X-API-Key', key);
    await dueAt(id, 'now()');
    expect(await settled(id)).toMatchObject({ status: 'failed', failure_reason: expect.stringMatching(/no sms version/) });
  });

  it('when the scheduler gets to it more than an hour late, then expired with a reason and nothing sent', async () => {
    const id = await schedule(aScheduledEvent());
    await dueAt(id, "now() - interval '61 minutes'");
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'expired', event_id: null, failure_reason: expect.stringMatching(/not dispatched within 1 hour/) });
  });

  it('when an event is cancelled, then it is never dispatched, while one due at the same time is', async () => {
    const cancelled = await schedule(aScheduledEvent());
    const kept = await schedule(aScheduledEvent());
    expect((await http().delete(`/api/v1/scheduled-events/${cancelled}`).set('X-API-Key', key)).status).toBe(204);
    // Both due at once, the cancelled one first: the tick that dispatches `kept` has passed `cancelled` by.
    await db().query(
      `UPDATE scheduled_events SET scheduled_for = now() - CASE WHEN id = $1 THEN interval '1 second' ELSE interval '0' END WHERE id IN ($1, $2)`,
      [cancelled, kept],
    );
    expect((await settled(kept)).status).toBe('dispatched');
    expect(await scheduled(cancelled)).toMatchObject({ status: 'cancelled', event_id: null });
    expect((await http().delete(`/api/v1/scheduled-events/${kept}`).set('X-API-Key', key)).status).toBe(409);
  });

  it('when several events fall due a few seconds ahead, then each is dispatched once and the lag is reported', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(await schedule(aScheduledEvent({ scheduled_for: new Date(Date.now() + 2000 + i * 150).toISOString() })));
    }
    for (const id of ids) expect((await settled(id)).status).toBe('dispatched');
    const { rows } = await db().query<{ lag_ms: number }>(
      `SELECT extract(epoch FROM e.created_at - s.scheduled_for) * 1000 AS lag_ms
         FROM scheduled_events s JOIN events e ON e.id = s.event_id WHERE s.id = ANY($1::uuid[]) ORDER BY 1`,
      [ids],
    );
    expect(rows).toHaveLength(10);
    const lags = rows.map((r) => Math.round(Number(r.lag_ms)));
    process.stdout.write(`scheduler dispatch lag in-process (ms, interval 1000): ${JSON.stringify(lags)}\n`);
  });

  it('when large requests fall due together past the byte budget, then each is loaded and dispatched in its own batch', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await schedule(aScheduledEvent({ payload: { name: 'Ada', notes: 'n'.repeat(40_000) } })));
    await db().query('UPDATE scheduled_events SET scheduled_for = now() WHERE id = ANY($1::uuid[])', [ids]);
    for (const id of ids) expect((await settled(id)).status).toBe('dispatched');
    // One transaction per batch: rows settled together share the transaction's now().
    const { rows } = await db().query(
      'SELECT count(DISTINCT updated_at)::int AS batches FROM scheduled_events WHERE id = ANY($1::uuid[])',
      [ids],
    );
    expect(rows[0].batches).toBe(4);
  });

  it('when a stored request can no longer be processed, then it is failed with the reason and the events due after it are dispatched', async () => {
    const poison = await schedule(aScheduledEvent());
    const after = [await schedule(aScheduledEvent()), await schedule(aScheduledEvent())];
    // A request in a shape today's rules cannot read (as an older release might have stored).
    await db().query(`UPDATE scheduled_events SET request = jsonb_set(request, '{recipients}', '"everyone"') WHERE id = $1`, [poison]);
    await db().query(
      `UPDATE scheduled_events SET scheduled_for = now() + CASE WHEN id = $1 THEN interval '0' ELSE interval '10 ms' END
        WHERE id = ANY($2::uuid[])`,
      [poison, [poison, ...after]],
    );
    for (const id of after) expect((await settled(id)).status).toBe('dispatched');
    const failed = await settled(poison);
    expect(failed).toMatchObject({
      status: 'failed',
      event_id: null,
      failure_reason: expect.stringMatching(
        /^could not be dispatched \(3 attempts, one per tick\): TypeError: .*recipients.*; nothing was sent$/,
      ),
    });
  });
});
