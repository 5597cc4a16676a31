import { eventually } from '../support/eventually';
import { useSystem } from '../support/system-fixture';

/**
 * Priority starts at fan-out, not only at the workers: an accepted `high` event is fanned out
 * while a backlog of big `low` events still waits for fan-out. The backlog is accepted in one
 * batch, so it is queued for fan-out all at once however fast fan-out keeps up with single
 * POSTs; one message at a time per lane (FANOUT_PREFETCH 1) and no worker, so the deliveries just
 * queue up; the assertion is about order (how many low events were still waiting), never about time.
 */
const f = useSystem({ env: { FANOUT_PREFETCH: '1' } });

const LOW_EVENTS = 40;
const RECIPIENTS = 300;

const anEvent = (priority: string, recipients: number) => ({
  event_type: `fanout-lanes.${priority}`,
  priority,
  recipients: Array.from({ length: recipients }, (_, n) => ({ channels: ['webhook'], webhook_url: `http://127.0.0.1:9/lanes/${n}` })),
  payload: {},
  inline: { html: '<p>x</p>' },
});

async function publish(priority: string, recipients: number): Promise<string> {
  const res = await f.http().post('/api/v1/events').set('X-API-Key', f.key).send(anEvent(priority, recipients));
  expect(res.status).toBe(202);
  return res.body.id as string;
}

async function publishBatch(priority: string, events: number, recipients: number): Promise<void> {
  const res = await f
    .http()
    .post('/api/v1/events/batch')
    .set('X-API-Key', f.key)
    .send({ events: Array.from({ length: events }, () => anEvent(priority, recipients)) });
  expect(res.status).toBe(202);
}

async function statusOf(id: string): Promise<string> {
  const res = await f.http().get(`/api/v1/events/${id}`).set('X-API-Key', f.key);
  return res.body.status as string;
}

async function lowEventsNotFannedOut(): Promise<number> {
  const { rows } = await f.system.api.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE event_type = 'fanout-lanes.low' AND status = 'accepted'`,
  );
  return rows[0].n;
}

describe('fan-out lanes', () => {
  it('when big low events wait for fan-out, then a high event accepted after them is fanned out ahead of them', async () => {
    await publishBatch('low', LOW_EVENTS, RECIPIENTS);
    const high = await publish('high', 1);
    await eventually(async () => expect(await statusOf(high)).not.toBe('accepted'), 60_000, 20);
    // In one shared queue the high event would have waited for every low one before it.
    expect(await lowEventsNotFannedOut()).toBeGreaterThan(0);
    // And the low backlog still gets fanned out in full.
    await eventually(async () => expect(await lowEventsNotFannedOut()).toBe(0), 120_000, 200);
  });
});
