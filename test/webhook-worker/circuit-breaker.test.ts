import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../services/webhook-worker/src/app';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';
import { useSystem } from '../support/system-fixture';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * A circuit per project and webhook origin (issue 26): after 3 failed sends in a row the origin
 * is not tried for 1.5 s; its deliveries fail at once on their usual backoff, then one probes.
 * Short retries keep deliveries coming back while the receiver is down. At most 4 sends at once:
 * sends already in flight when the circuit opens still reach the receiver, and with the default
 * prefetch a loaded machine could start all 20 first attempts before the third failure returned.
 */
const f = useSystem({
  env: {
    WEBHOOK_PREFETCH: '4',
    WEBHOOK_CIRCUIT_FAILURES: '3',
    WEBHOOK_CIRCUIT_OPEN_MS: '1500',
    RETRY_BASE_DELAY_MS: '100',
    RETRY_MAX_DELAY_MS: '400',
    RETRY_MAX_ATTEMPTS: '40',
  },
  extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))],
});
let receiver: WebhookReceiver;
let down = true;

beforeAll(async () => {
  receiver = await WebhookReceiver.start(() => 'unused');
  receiver.respondWith((req, res) => {
    const failing = down && (req.body.payload as { tag?: string }).tag === 'down';
    res.writeHead(failing ? 503 : 200).end(failing ? 'down' : 'ok');
  });
});
afterAll(() => receiver.stop());

const hits = (tag: string) => receiver.requests.filter((r) => (r.body.payload as { tag?: string }).tag === tag);

async function publish(key: string, tag: string, count: number): Promise<void> {
  const res = await f
    .http()
    .post('/api/v1/events/batch')
    .set('X-API-Key', key)
    .send({
      events: Array.from({ length: count }, () => ({
        event_type: `circuit.${tag}`,
        recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/${tag}` }],
        payload: { tag },
        inline: { html: '<p>x</p>' },
      })),
    });
  expect(res.status).toBe(202);
}

async function attemptErrors(projectId: string): Promise<string[]> {
  const { rows } = await f.system.api.db.query<{ error: string | null }>(
    `SELECT l.error FROM notification_logs l JOIN notifications n ON n.id = l.notification_id WHERE n.project_id = $1`,
    [projectId],
  );
  return rows.map((r) => r.error ?? '');
}

describe('a circuit breaker per project and webhook origin', () => {
  it("stops trying a failing receiver, leaves another project's deliveries to the same origin alone, and delivers everything once it recovers", async () => {
    const failing = await aProject(f.system.api.db, f.config);
    const healthy = await aProject(f.system.api.db, f.config);
    await publish(failing.api_key, 'down', 20);

    // Every delivery has failed at least twice, yet the receiver saw only a few of those attempts.
    await eventually(async () => {
      const errors = await attemptErrors(failing.project_id);
      expect(errors.length).toBeGreaterThanOrEqual(40);
      expect(errors.filter((e) => e.startsWith('circuit open')).length).toBeGreaterThanOrEqual(30);
    }, 30_000);
    expect(hits('down').length).toBeLessThan(15);

    // Same origin, another project: its own circuit is closed.
    await publish(healthy.api_key, 'up', 3);
    await eventually(() => expect(hits('up')).toHaveLength(3), 20_000);

    const beforeRecovery = hits('down').length;
    down = false;
    await eventually(async () => {
      const { rows } = await f.system.api.db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM notifications WHERE project_id = $1 GROUP BY status`,
        [failing.project_id],
      );
      expect(rows).toEqual([{ status: 'delivered', n: 20 }]);
    }, 30_000);
    // Once it answers again, each delivery arrives once.
    const delivered = hits('down').slice(beforeRecovery);
    expect(delivered).toHaveLength(20);
    expect(new Set(delivered.map((r) => r.body.notification_id)).size).toBe(20);
  });
});
