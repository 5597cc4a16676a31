import type { Config } from '@herald/config';
import { createLogger } from '@herald/logger';
import { consumerEndpointsDisabled, deliveriesHeld } from '@herald/metrics';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { eventually } from '../../support/eventually';
import { useSystem } from '../../support/system-fixture';
import { WebhookReceiver } from '../../support/webhook-receiver';

/**
 * Shortened from 5 days: an endpoint failing for 5 seconds is disabled at its next final failure.
 * Long enough that a test's stretch of failures (an event's three attempts, then half the period,
 * then another event's three) stays inside it on a loaded machine: at 2 seconds the retries of a
 * busy CI run once took the rest of the period and the endpoint was rightly disabled.
 */
const DISABLE_AFTER_MS = 5000;

const f = useSystem({
  env: { ENDPOINT_DISABLE_AFTER_HOURS: String(DISABLE_AFTER_MS / 3_600_000) },
  // Two webhook workers, as two processes would be: the limit holds across them.
  extra: [1, 2].map(() => (c: Config) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))),
});
const api = () => f.http();

const receivers: WebhookReceiver[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.stop())));

let n = 0;
async function aConsumer(base: string): Promise<string> {
  const uid = `${base}-${Date.now()}-${++n}`;
  expect((await api().post('/api/v1/consumers').set('X-API-Key', f.key).send({ uid, name: base })).status).toBe(201);
  return uid;
}

interface Receiving {
  receiver: WebhookReceiver;
  id: string;
  /** When each request arrived (ms), in order. */
  arrivals: number[];
  /** Whether the receiver answers 200 (else 503). */
  healthy: boolean;
}

async function anEndpoint(consumer: string, fields: Record<string, unknown> = {}): Promise<Receiving> {
  const holder = { secret: '' };
  const receiver = await WebhookReceiver.start(() => holder.secret);
  receivers.push(receiver);
  const res = await api()
    .post(`/api/v1/consumers/${consumer}/endpoints`)
    .set('X-API-Key', f.key)
    .send({ url: `${receiver.url}/hook`, ...fields });
  expect(res.status).toBe(201);
  holder.secret = res.body.signing_secret;
  const endpoint: Receiving = { receiver, id: res.body.id, arrivals: [], healthy: true };
  receiver.respondWith((_req, res) => {
    endpoint.arrivals.push(Date.now());
    if (endpoint.healthy) res.writeHead(200).end('ok');
    else res.writeHead(503).end('down');
  });
  return endpoint;
}

async function publishTo(consumer: string, count = 1): Promise<string[]> {
  const publishOne = async (i: number) => {
    const res = await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'order.created',
        payload: { i },
        recipients: [{ channels: ['webhook'], consumer }],
        inline: { html: '<p>x</p>' },
      });
    expect(res.status).toBe(202);
    return res.body.id as string;
  };
  return Promise.all(Array.from({ length: count }, (_, i) => publishOne(i)));
}

async function settled(eventId: string, timeoutMs = 15000) {
  return eventually(async () => {
    const detail = await api().get(`/api/v1/events/${eventId}`).set('X-API-Key', f.key);
    expect(['completed', 'failed', 'partially_failed']).toContain(detail.body.status);
    return detail.body as { status: string; notifications: Array<{ id: string; recipient: string; status: string }> };
  }, timeoutMs);
}

/** The most arrivals within any one second. */
function busiestSecond(arrivals: number[]): number {
  let most = 0;
  for (let i = 0; i < arrivals.length; i++) {
    const within = arrivals.filter((t) => t >= arrivals[i] && t < arrivals[i] + 1000).length;
    most = Math.max(most, within);
  }
  return most;
}

/**
 * Arrivals that came sooner than the rate allows: the i-th (from 0) may not come before i
 * intervals after the burst was published. Every send of a paced endpoint waits for a slot of its
 * own, claimed after the publish and spaced one interval from the one before, so the i-th send
 * is no sooner than the i-th slot. A busy machine only delays sends, so this holds under any load.
 */
function aheadOfRate(arrivals: number[], since: number, ratePerSecond: number): number[] {
  // The slots are read on PostgreSQL's clock and the arrivals on this one: the same machine's, but
  // each read a few ms from the event it stamps.
  const slackMs = 20;
  return [...arrivals].sort((a, b) => a - b).filter((t, i) => t < since + (i * 1000) / ratePerSecond - slackMs);
}

async function endpointOf(consumer: string, id: string) {
  return (await api().get(`/api/v1/consumers/${consumer}/endpoints/${id}`).set('X-API-Key', f.key)).body as {
    enabled: boolean;
    disabled_reason: string | null;
    failing_since: string | null;
  };
}

const metricValue = async (metric: { get(): Promise<{ values: Array<{ value: number; labels: Record<string, unknown> }> }> }) =>
  (await metric.get()).values.reduce((sum, v) => sum + v.value, 0);

describe('an endpoint rate limit', () => {
  it('when 20 deliveries go to an endpoint limited to 5 per second, then it gets them at its rate, each on the first attempt, and an unlimited endpoint beside it is not slowed', async () => {
    const acme = await aConsumer('acme');
    const limited = await anEndpoint(acme, { rate_limit_per_second: 5 });
    const unlimited = await anEndpoint(acme);
    // One delivery first: the receivers' connections open and the worker's code paths load (this
    // process also runs the api and fan-out), so the burst below measures pacing, not warm-up.
    expect((await settled((await publishTo(acme))[0])).status).toBe('completed');
    for (const e of [limited, unlimited]) {
      e.arrivals.length = 0;
      e.receiver.requests.length = 0;
    }
    const heldBefore = await metricValue(deliveriesHeld);

    const burstStart = Date.now();
    const eventIds = await publishTo(acme, 20);
    for (const id of eventIds) expect((await settled(id, 30000)).status).toBe('completed');

    expect(limited.arrivals).toHaveLength(20);
    expect(unlimited.arrivals).toHaveLength(20);
    // At its rate: no delivery sooner than its place in the burst allows.
    expect(aheadOfRate(limited.arrivals, burstStart, 5)).toEqual([]);
    // And not saved up and sent together. The bound is loose on purpose: a loaded machine can
    // delay one send into the next's second (on a quiet one the busiest second holds 6: the
    // first send's jitter alone puts a sixth inside it), and a backlog released at once holds 20.
    expect(busiestSecond(limited.arrivals)).toBeLessThanOrEqual(8);
    // The unlimited endpoint had all of its deliveries before the limited one was halfway.
    expect(unlimited.arrivals[19]).toBeLessThan(limited.arrivals[9]);
    // Held back, not failed: one attempt each, no retry.
    const ids = new Set(limited.receiver.requests.map((r) => r.body.notification_id));
    expect(ids.size).toBe(20);
    for (const id of ids) {
      const detail = await api()
        .get(`/api/v1/notifications/${String(id)}`)
        .set('X-API-Key', f.key);
      expect(detail.body).toMatchObject({ status: 'delivered', retry_count: 0 });
      expect(detail.body.notification_logs).toHaveLength(1);
    }
    expect((await metricValue(deliveriesHeld)) - heldBefore).toBeGreaterThanOrEqual(15);
  }, 60000);
});

describe('an endpoint whose deliveries keep failing', () => {
  it('when every delivery has failed for the period, then Herald disables it with a reason, an audit entry and a metric, and once enabled it delivers again', async () => {
    const acme = await aConsumer('acme');
    const failing = await anEndpoint(acme);
    failing.healthy = false;
    const disabledBefore = await metricValue(consumerEndpointsDisabled);

    const [first] = await publishTo(acme);
    expect((await settled(first)).status).toBe('failed');
    expect(await endpointOf(acme, failing.id)).toMatchObject({ enabled: true, failing_since: expect.any(String) });

    await new Promise((resolve) => setTimeout(resolve, DISABLE_AFTER_MS + 200));
    const [second] = await publishTo(acme);
    expect((await settled(second)).status).toBe('failed');
    const endpoint = await eventually(async () => {
      const e = await endpointOf(acme, failing.id);
      expect(e.enabled).toBe(false);
      return e;
    });
    expect(endpoint.disabled_reason).toMatch(/every delivery failed for more than/);
    expect((await metricValue(consumerEndpointsDisabled)) - disabledBefore).toBe(1);

    const audit = await api().get('/api/v1/audit-log?action=consumer_endpoint.disabled').set('X-API-Key', f.key);
    const entry = (audit.body.items as Array<Record<string, unknown>>).find(
      (e) => (e.metadata as Record<string, unknown>).target_id === failing.id,
    );
    expect(entry).toMatchObject({
      actor_api_key_id: null,
      actor_user_id: null,
      metadata: { uid: acme, reason: endpoint.disabled_reason, automatic: true },
    });

    // Disabled: a new event makes nothing for it, and its failures cannot be replayed until it is enabled.
    const sentBefore = failing.arrivals.length;
    const replay = await api()
      .post(`/api/v1/consumers/${acme}/endpoints/${failing.id}/replay`)
      .set('X-API-Key', f.key)
      .send({ since: new Date(0).toISOString() });
    expect(replay.status).toBe(409);
    const [third] = await publishTo(acme);
    expect(await settled(third)).toMatchObject({ status: 'completed', notifications: [] });

    failing.healthy = true;
    const enabled = await api().post(`/api/v1/consumers/${acme}/endpoints/${failing.id}/enable`).set('X-API-Key', f.key).send({});
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    const [fourth] = await publishTo(acme);
    expect((await settled(fourth)).status).toBe('completed');
    expect(failing.arrivals).toHaveLength(sentBefore + 1);
    // Its failures of the period are dead letters: replayed, they are delivered now.
    const replayed = await api()
      .post(`/api/v1/consumers/${acme}/endpoints/${failing.id}/replay`)
      .set('X-API-Key', f.key)
      .send({ since: new Date(0).toISOString() });
    expect(replayed.body).toEqual({ requeued: 2, limit_reached: false });
    await eventually(() => expect(failing.arrivals).toHaveLength(sentBefore + 3));
  }, 60000);

  it('when one delivery succeeded within the period, then the endpoint stays enabled however long ago its failures began', async () => {
    const acme = await aConsumer('acme');
    const flaky = await anEndpoint(acme);
    flaky.healthy = false;
    expect((await settled((await publishTo(acme))[0])).status).toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, DISABLE_AFTER_MS / 2 + 200));

    flaky.healthy = true;
    expect((await settled((await publishTo(acme))[0])).status).toBe('completed');
    flaky.healthy = false;
    expect((await settled((await publishTo(acme))[0])).status).toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, DISABLE_AFTER_MS / 2 + 200));

    // Failures began more than the period ago, but the success came within it.
    expect((await settled((await publishTo(acme))[0])).status).toBe('failed');
    expect(await endpointOf(acme, flaky.id)).toMatchObject({ enabled: true, disabled_reason: null });
  }, 60000);
});
