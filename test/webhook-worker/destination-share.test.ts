import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../services/webhook-worker/src/app';
import { eventually } from '../support/eventually';
import { attemptsRecorded } from '../support/attempts';
import { aProject } from '../support/projects';
import { useSystem } from '../support/system-fixture';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Fair share per destination (docs/priorities-and-fairness.md): one project sends to two of its
 * customers' origins, one of them slow (a second per request). A worker holding 8 deliveries per
 * lane lets the project hold 4 sends and one destination 2. The slow origin's backlog, queued
 * first, takes its 2 and moves down; the project's share never fills, so its deliveries to the
 * fast origin, queued behind that backlog, go at once. Without the destination's share the slow
 * origin took all 4 of the project's slots, the project was congested, and the fast origin's
 * deliveries moved down too, behind the slow backlog. Asserted by order of arrival, not by time.
 */
const f = useSystem({
  env: {
    WEBHOOK_PREFETCH: '8',
    FAIR_SHARE_SEND_PERCENT: '50',
    FAIR_SHARE_DESTINATION_PERCENT: '25',
    FAIR_SHARE_MOVE_AFTER_MS: '200',
  },
  extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))],
});
let slow: WebhookReceiver;
let fast: WebhookReceiver;

beforeAll(async () => {
  slow = await WebhookReceiver.start(() => 'unused');
  slow.respondWith((_req, res) => setTimeout(() => res.writeHead(200).end('ok'), 1_000));
  fast = await WebhookReceiver.start(() => 'unused');
});
afterAll(async () => {
  await slow.stop();
  await fast.stop();
});

const ids = (receiver: WebhookReceiver) => receiver.requests.map((r) => r.body.notification_id as string);

/** `count` one-recipient events to `receiver` in one request, so that they are queued together. */
async function publish(key: string, receiver: WebhookReceiver, count: number): Promise<void> {
  const event = {
    event_type: 'share.destination',
    recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/hook` }],
    payload: {},
    inline: { html: '<p>x</p>' },
  };
  const res = await f
    .http()
    .post('/api/v1/events/batch')
    .set('X-API-Key', key)
    .send({ events: Array.from({ length: count }, () => event) });
  expect(res.status).toBe(202);
}

describe("fair share of a lane by what each of a project's destinations has in flight", () => {
  it("delivers a project's events to a fast origin ahead of its slow origin's backlog queued before them, and loses none of the slow one's", async () => {
    const project = await aProject(f.system.api.db, f.config);
    await publish(project.api_key, slow, 30);
    await eventually(() => expect(ids(slow).length).toBeGreaterThan(0));
    await publish(project.api_key, fast, 3);

    await eventually(() => expect(ids(fast)).toHaveLength(3), 30_000);
    // Without the destination's share the fast origin's deliveries waited behind 20 and more of
    // the slow origin's 30 (moved with them to `low`, 8 at a time, a second each).
    expect(ids(slow).length).toBeLessThanOrEqual(10);

    // Moved deliveries are the same attempts, each sent once and recorded once.
    await eventually(() => expect(ids(slow)).toHaveLength(30), 60_000);
    expect(new Set(ids(slow)).size).toBe(30);
    await eventually(async () => expect(await attemptsRecorded(f.system.api.db, project.project_id)).toBe(33));
  });
});
