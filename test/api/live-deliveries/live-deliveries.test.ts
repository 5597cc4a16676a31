import { createLogger } from '@herald/logger';
import { startApi } from '../../../services/api/src/app';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { eventually } from '../../support/eventually';
import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { aUser } from '../organizations/organizations.support';
import { aViewerThatNeverReads, SseViewer } from './live-deliveries.support';

const f = useSystem({
  // The smallest bound, so a viewer that never reads is dropped as soon as the sockets and one
  // hand-out of the feed are full.
  env: { LIVE_STREAM_BUFFER_BYTES: '1024' },
  extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))],
});
let receiver: WebhookReceiver;
/** Fails every time: its deliveries are retried, then fail for good. */
let failing: WebhookReceiver;
const viewers: SseViewer[] = [];

beforeAll(async () => {
  receiver = await WebhookReceiver.start(f.project.webhook_signing_secret);
  failing = await WebhookReceiver.start(f.project.webhook_signing_secret);
  failing.respondWith((_req, res) => res.writeHead(503).end());
});
afterEach(() => {
  for (const v of viewers.splice(0)) v.close();
});
afterAll(() => Promise.all([receiver.stop(), failing.stop()]));

const STREAM = '/api/v1/deliveries/stream';
const streamUrl = (query = '') => `${f.system.api.baseUrl.replace(/\/api\/v1$/, '')}${STREAM}${query}`;

async function watch(query = '', headers: Record<string, string> = { 'X-API-Key': f.key }): Promise<SseViewer> {
  const viewer = await SseViewer.open(streamUrl(query), headers);
  if (viewer.status === 200) {
    viewers.push(viewer);
    // `ready` (or `reset`) says the stream is live: anything recorded after it will be seen.
    await eventually(() => expect(viewer.messages.some((m) => m.event === 'ready' || m.event === 'reset')).toBe(true));
  }
  return viewer;
}

async function send(urls: string[], key = f.key): Promise<string> {
  const res = await f
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', key)
    .send({
      event_type: 'order.shipped',
      recipients: urls.map((webhook_url) => ({ channels: ['webhook'], webhook_url })),
      payload: {},
      inline: { html: '<p>x</p>' },
    });
  expect(res.status).toBe(202);
  return res.body.id as string;
}

async function settled(eventId: string, key = f.key, withinMs = 30_000): Promise<void> {
  await eventually(async () => {
    const res = await f.http().get(`/api/v1/events/${eventId}`).set('X-API-Key', key);
    expect(['completed', 'failed', 'partially_failed']).toContain(res.body.status);
  }, withinMs);
}

describe('GET /deliveries/stream', () => {
  it('when a webhook is delivered, then an open stream shows the attempt within a second, with its outcome and latency', async () => {
    const viewer = await watch();
    expect(viewer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(viewer.headers['cache-control']).toBe('no-store');
    expect(viewer.headers['x-accel-buffering']).toBe('no');
    expect(viewer.messages[0]).toMatchObject({ event: 'ready', id: expect.stringMatching(/^\d+$/) });

    const eventId = await send([`${receiver.url}/ok/first`]);
    const delivery = await eventually(() => {
      const [d] = viewer.deliveries();
      expect(d).toBeDefined();
      return d;
    });
    const [received] = receiver.requests.filter((r) => r.body.notification_id === delivery.notification_id);
    expect(received).toBeDefined();
    expect(delivery).toMatchObject({
      event_id: eventId,
      event_type: 'order.shipped',
      recipient: `${receiver.url}/ok/first`,
      channel: 'webhook',
      outcome: 'delivered',
      attempt: 1,
      error: null,
      latency_ms: expect.any(Number),
      since_accepted_ms: expect.any(Number),
    });
    // Recorded to shown: the feed reads every 250 ms, so an attempt shows within a few reads; the
    // bound is wide because a loaded CI machine stretches each read, and still fails a feed that
    // waited for a batch or a page reload.
    const shownAfterMs = Date.now() - new Date(String(delivery.at)).getTime();
    expect(shownAfterMs).toBeLessThan(5000);
    expect(Number(delivery.id)).toBeGreaterThan(Number(viewer.messages[0].id));
  });

  it('when filtered by outcome, channel or event, then a stream shows only the matching attempts', async () => {
    const failed = await watch('?outcome=failed&channel=webhook');
    const emails = await watch('?channel=email');
    const first = await send([`${receiver.url}/ok/a`, `${failing.url}/fail/a`]);
    const ofFirst = await watch(`?event_id=${first}`);
    const second = await send([`${receiver.url}/ok/b`]);
    await settled(first);
    await settled(second);

    await eventually(() => expect(failed.deliveries()).toHaveLength(1));
    expect(failed.deliveries()[0]).toMatchObject({ event_id: first, recipient: `${failing.url}/fail/a`, outcome: 'failed', attempt: 3 });
    // Opened after the first attempts: it sees the failing recipient's later attempts, nothing of the second event.
    await eventually(() => expect(ofFirst.deliveries().map((d) => d.outcome)).toContain('failed'));
    expect(ofFirst.deliveries().every((d) => d.event_id === first)).toBe(true);
    expect(emails.deliveries()).toEqual([]);
  });

  it('when a viewer reconnects with Last-Event-ID, then it first gets what it missed, in order; an unknown cursor gets a reset', async () => {
    const before = await watch();
    const cursor = before.lastEventId() as string;
    before.close();
    // One after the other, so the order they were recorded in is known: two events in flight at
    // once may be delivered in either order.
    const missed: string[] = [];
    for (const path of ['m1', 'm2']) {
      missed.push(await send([`${receiver.url}/ok/${path}`]));
      await settled(missed[missed.length - 1]);
    }

    const resumed = await watch('', { 'X-API-Key': f.key, 'Last-Event-ID': cursor });
    // The replay reaches as far as the feed had read when the viewer joined; on a busy machine the
    // feed may not have read the last attempts yet, and they follow live, still in order.
    const ready = resumed.messages.find((m) => m.event === 'ready');
    expect(JSON.parse(ready!.data)).toMatchObject({ resumed: true });
    await eventually(() => expect(resumed.deliveries().map((d) => d.event_id)).toEqual(missed));
    const ids = resumed.deliveries().map((d) => Number(d.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    for (const unknown of ['999999999999', 'not-a-cursor']) {
      const stale = await watch('', { 'X-API-Key': f.key, 'Last-Event-ID': unknown });
      expect(stale.messages).toEqual([expect.objectContaining({ event: 'reset', id: resumed.lastEventId() })]);
      expect(JSON.parse(stale.messages[0].data).reason).toMatch(/Last-Event-ID/);
    }
  });

  it("when the cursor a viewer holds is another project's attempt, then it still resumes with its own missed deliveries", async () => {
    // The feed reads every project's attempts: after another project's delivery, a viewer's
    // `ready` names that attempt, and a reconnect must honour it.
    const other = await aProject(f.system.api.db, f.config);
    const otherViewer = await watch('', { 'X-API-Key': other.api_key });
    const theirs = await send([`${receiver.url}/ok/theirs`], other.api_key);
    await eventually(() => expect(otherViewer.deliveries().map((d) => d.event_id)).toEqual([theirs]));
    const mine = await watch();
    const cursor = mine.lastEventId() as string;
    expect(BigInt(cursor)).toBeGreaterThanOrEqual(BigInt(otherViewer.deliveries()[0].id as string));
    mine.close();

    const missed = await send([`${receiver.url}/ok/mine`]);
    await settled(missed);
    const resumed = await watch('', { 'X-API-Key': f.key, 'Last-Event-ID': cursor });
    const control = resumed.messages.find((m) => m.event === 'ready' || m.event === 'reset');
    expect(control?.event).toBe('ready');
    await eventually(() => expect(resumed.deliveries().map((d) => d.event_id)).toEqual([missed]));
  });

  it("when another project's deliveries happen, then they never appear, and a member cannot open another project's stream", async () => {
    const other = await aProject(f.system.api.db, f.config);
    const otherReceiver = await WebhookReceiver.start(other.webhook_signing_secret);
    try {
      const mine = await watch();
      const theirs = await watch('', { 'X-API-Key': other.api_key });
      const theirEvent = await send([`${otherReceiver.url}/ok/theirs`], other.api_key);
      const myEvent = await send([`${receiver.url}/ok/mine`]);
      await settled(theirEvent, other.api_key);
      await eventually(() => expect(mine.deliveries().map((d) => d.event_id)).toEqual([myEvent]));
      await eventually(() => expect(theirs.deliveries().map((d) => d.event_id)).toEqual([theirEvent]));

      // A signed-in user naming a project they are not a member of: not theirs to watch.
      const stranger = await aUser(f.system.api.db, 'stranger');
      const outsider = await SseViewer.open(streamUrl(), {
        Authorization: `Bearer ${stranger.token}`,
        'X-Herald-Project': f.project.project_id,
      });
      expect([403, 404]).toContain(outsider.status);
      // The project's owner, as a member: allowed, and sees the project's deliveries.
      const member = await watch('', { Authorization: `Bearer ${f.project.access_token}`, 'X-Herald-Project': f.project.project_id });
      expect(member.status).toBe(200);
      const again = await send([`${receiver.url}/ok/member`]);
      await eventually(() => expect(member.deliveries().map((d) => d.event_id)).toEqual([again]));
    } finally {
      await otherReceiver.stop();
    }
  });

  it('when a key already has 5 streams open, then a sixth is a 429 with Retry-After, and one closed frees a place', async () => {
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await watch());
    const sixth = await SseViewer.open(streamUrl(), { 'X-API-Key': f.key });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(sixth.body).detail).toMatch(/5 live streams/);

    open[0].close();
    await eventually(async () => {
      const again = await SseViewer.open(streamUrl(), { 'X-API-Key': f.key });
      if (again.status === 200) viewers.push(again);
      expect(again.status).toBe(200);
    });
  });

  it('when there is no API key, then the answer is 401', async () => {
    const anonymous = await SseViewer.open(streamUrl(), {});
    expect(anonymous.status).toBe(401);
  });

  it('when a viewer never reads, then it is dropped once its buffer is full, while a reading viewer gets everything and the api stays healthy', async () => {
    const origin = f.system.api.baseUrl.replace(/\/api\/v1$/, '');
    const stalled = aViewerThatNeverReads(origin, STREAM, { 'X-API-Key': f.key });
    try {
      const reading = await watch();
      // Long recipient URLs make large messages: ~6.5 MB in all, more than the sockets hold (on
      // loopback the kernel takes about 4 MB of a connection's writes before the api's own buffer
      // grows) plus the last hand-out (measured: dropped with 1.0-1.4 MB in its response).
      const urls = (tag: string) => Array.from({ length: 800 }, (_, i) => `${receiver.url}/ok/${tag}-${i}/${'x'.repeat(1900)}`);
      const events: string[] = [];
      for (const tag of ['a', 'b', 'c', 'd']) events.push(await send(urls(tag)));
      // 3,200 deliveries through one loaded process: patience, not a time limit.
      for (const id of events) await settled(id, f.key, 90_000);
      // Every attempt recorded for the flood is seen, and so every notification. Judged against the
      // table, not against "3,200 delivered": on a loaded machine some deliveries to the in-process
      // receiver time out, and after the tests' 3 fast attempts end failed (seen as such).
      const { rows } = await f.system.api.db.query<{ id: string }>(
        `SELECT l.id::text AS id FROM notification_logs l JOIN notifications n ON n.id = l.notification_id
          WHERE n.event_id = ANY($1::uuid[])`,
        [events],
      );
      await eventually(() => {
        const flood = reading.deliveries().filter((d) => events.includes(String(d.event_id)));
        const seen = new Set(flood.map((d) => String(d.id)));
        expect(rows.filter((r) => !seen.has(r.id))).toEqual([]);
        expect(new Set(flood.map((d) => d.notification_id)).size).toBe(3200);
      }, 30_000);
      const ids = reading.deliveries().map((d) => d.id);
      expect(new Set(ids).size).toBe(ids.length);

      // Dropped: once it reads what the sockets held, the connection ends.
      stalled.socket.resume();
      const outcome = await Promise.race([
        stalled.closed.then(() => 'closed'),
        new Promise((r) => setTimeout(() => r('still open'), 5000)),
      ]);
      expect(outcome).toBe('closed');
      expect(reading.ended).toBe(false);
      const health = await f.http().get('/api/v1/notifications?per_page=1').set('X-API-Key', f.key);
      expect(health.status).toBe(200);
    } finally {
      stalled.socket.destroy();
    }
  }, 180_000);

  it('when the api stops with streams open, then the streams end and the stop does not wait for them', async () => {
    const api = await startApi(f.config, createLogger('api', f.config.LOG_LEVEL));
    let stopped = false;
    try {
      const viewer = await SseViewer.open(`${api.baseUrl.replace(/\/api\/v1$/, '')}${STREAM}`, { 'X-API-Key': f.key });
      expect(viewer.status).toBe(200);
      await eventually(() => expect(viewer.messages).toHaveLength(1));
      const started = Date.now();
      await api.stop();
      stopped = true;
      expect(Date.now() - started).toBeLessThan(5000);
      await eventually(() => expect(viewer.ended).toBe(true));
    } finally {
      if (!stopped) await api.stop();
    }
  });
});
