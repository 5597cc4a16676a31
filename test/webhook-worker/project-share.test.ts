import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../services/webhook-worker/src/app';
import { eventually } from '../support/eventually';
import { attemptsRecorded } from '../support/attempts';
import { aProject } from '../support/projects';
import { useSystem } from '../support/system-fixture';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Fair share by what is in flight (issue 26): project A's events arrive well within fan-out's
 * token bucket, so they all wait in the `medium` lane, but A's receiver takes a second per
 * request. A worker holding 4 deliveries per lane lets A hold 2 sends of the lane; A's next
 * deliveries wait 200 ms for one of them, then move to the `low` lane, so project B's events,
 * queued behind A's whole backlog, reach a free slot. Asserted by order of arrival, not by time.
 */
const f = useSystem({
  env: { WEBHOOK_PREFETCH: '4', FAIR_SHARE_SEND_PERCENT: '50', FAIR_SHARE_MOVE_AFTER_MS: '200' },
  extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))],
});
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await WebhookReceiver.start(() => 'unused');
  receiver.respondWith((req, res) => {
    const slow = (req.body.payload as { tag?: string }).tag === 'slow';
    setTimeout(() => res.writeHead(200).end('ok'), slow ? 1_000 : 0);
  });
});
afterAll(() => receiver.stop());

const arrivals = (tag: string) =>
  receiver.requests.filter((r) => (r.body.payload as { tag?: string }).tag === tag).map((r) => r.body.notification_id as string);

const eventOf = (tag: string) => ({
  event_type: `share.${tag}`,
  recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/${tag}` }],
  payload: { tag },
  inline: { html: '<p>x</p>' },
});

/** `count` one-recipient events in one request, so that they are queued together. */
async function publish(key: string, tag: string, count: number): Promise<void> {
  const res = await f
    .http()
    .post('/api/v1/events/batch')
    .set('X-API-Key', key)
    .send({ events: Array.from({ length: count }, () => eventOf(tag)) });
  expect(res.status).toBe(202);
}

describe('fair share of a lane by what each project has in flight', () => {
  it("delivers a quiet project's events ahead of a slow project's backlog queued before them, and loses none of the slow one's", async () => {
    const slow = await aProject(f.system.api.db, f.config);
    const quiet = await aProject(f.system.api.db, f.config);
    await publish(slow.api_key, 'slow', 30);
    await eventually(() => expect(arrivals('slow').length).toBeGreaterThan(0));
    await publish(quiet.api_key, 'quiet', 3);

    await eventually(() => expect(arrivals('quiet')).toHaveLength(3), 30_000);
    // Without the share, the quiet project's events waited for all of A's 30 but the last 4 to be
    // sent (4 at a time, a second each); with it, they overtake most of them.
    expect(arrivals('slow').length).toBeLessThanOrEqual(20);

    // Moved deliveries are the same attempts, each sent once and recorded once (records are
    // written in batches, so they may trail the receipts).
    await eventually(() => expect(arrivals('slow')).toHaveLength(30), 60_000);
    expect(new Set(arrivals('slow')).size).toBe(30);
    await eventually(async () => expect(await attemptsRecorded(f.system.api.db, slow.project_id)).toBe(30));
  });
});
