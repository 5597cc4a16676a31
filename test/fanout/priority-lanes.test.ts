import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../services/webhook-worker/src/app';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';
import { useSystem } from '../support/system-fixture';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Priorities and fair share with a real worker that holds one delivery at a time per lane and a
 * receiver that takes 50 ms per request (at 25 ms a loaded machine delivered most of the low backlog
 * while the high events went through the api and fan-out), so a backlog builds up and its order is
 * observable.
 * Assertions are about order of arrival, never about time.
 */
const f = useSystem({
  env: { WEBHOOK_PREFETCH: '1', FAIR_SHARE_PER_SECOND: '1', FAIR_SHARE_BURST: '5' },
  extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))],
});
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await WebhookReceiver.start(() => 'unused');
  receiver.respondWith((_req, res) => setTimeout(() => res.writeHead(200).end('ok'), 50));
});
afterAll(() => receiver.stop());

const arrivals = (tag: string) =>
  receiver.requests
    .map((r, i) => ({ i, tag: (r.body.payload as { tag?: string }).tag }))
    .filter((r) => r.tag === tag)
    .map((r) => r.i);

async function publish(key: string, tag: string, priority: string, recipients = 1): Promise<void> {
  const res = await f
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', key)
    .send({
      event_type: `lanes.${tag}`,
      priority,
      recipients: Array.from({ length: recipients }, (_, n) => ({ channels: ['webhook'], webhook_url: `${receiver.url}/${tag}/${n}` })),
      payload: { tag },
      inline: { html: '<p>x</p>' },
    });
  expect(res.status).toBe(202);
}

describe('priority lanes and fair share', () => {
  it('delivers high events ahead of a low backlog queued before them', async () => {
    for (let n = 0; n < 60; n++) await publish(f.key, 'low', 'low');
    await eventually(() => expect(arrivals('low').length).toBeGreaterThan(0));
    for (let n = 0; n < 3; n++) await publish(f.key, 'high', 'high');
    await eventually(() => expect(arrivals('low').length + arrivals('high').length).toBe(63), 60_000);
    const lows = arrivals('low');
    // Each high delivery arrived while most of the low backlog was still waiting.
    for (const i of arrivals('high')) expect(i).toBeLessThan(lows[lows.length - 20]);
  });

  it("delivers a quiet project's medium events ahead of a flooding project's backlog", async () => {
    receiver.requests.length = 0;
    const flooding = await aProject(f.system.api.db, f.config);
    const quiet = await aProject(f.system.api.db, f.config);
    // 60 deliveries in one medium event: over the burst of 5, so they wait in the low lane.
    await publish(flooding.api_key, 'flood', 'medium', 60);
    await eventually(() => expect(arrivals('flood').length).toBeGreaterThan(0));
    for (let n = 0; n < 3; n++) await publish(quiet.api_key, 'quiet', 'medium');
    await eventually(() => expect(arrivals('flood').length + arrivals('quiet').length).toBe(63), 60_000);
    const flood = arrivals('flood');
    for (const i of arrivals('quiet')) expect(i).toBeLessThan(flood[flood.length - 20]);
  });
});
