import { request } from 'node:http';
import { TcpProxy } from '../../support/tcp-proxy';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { eventually } from '../../support/eventually';
import { fixedTestPort, TEST_AMQP_URL, TEST_DATABASE_URL, TEST_QUEUE_DRIVER } from '../../support/test-env';
import { httpJson, OperationsEnv, serviceEntry, type HeraldProcess } from './herald-process';

/**
 * Every process's operations listener (OPS_PORT): Prometheus metrics that move when an event is
 * delivered, liveness that ignores dependencies but catches a wedged consumer, readiness that
 * names the dependency that is down. Real processes, real PostgreSQL and queue.
 */
const PORT = fixedTestPort(18580);
const BASE = `http://127.0.0.1:${PORT}/api/v1`;

let ops: OperationsEnv;
let receiver: WebhookReceiver;
let key: string;
let projectId: string;
const started: Record<string, { proc: HeraldProcess; opsPort: number }> = {};

async function start(name: string, entry: string, overrides: Record<string, string> = {}) {
  const proc = ops.spawn(entry, { OPS_PORT: '0', ...overrides });
  const [, port] = await proc.line(/"message":"[a-z-]+ started".*"ops_port":(\d+)/);
  started[name] = { proc, opsPort: Number(port) };
  return started[name];
}

function get(port: number, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    })
      .on('error', reject)
      .end();
  });
}

/** The value of one sample line of a Prometheus text answer (labels in the order prom-client writes them). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

beforeAll(async () => {
  ops = new OperationsEnv({});
  const boot = await ops.bootstrap();
  key = boot.api_key;
  projectId = boot.project_id;
  receiver = await WebhookReceiver.start(boot.webhook_signing_secret);
  await start('api', serviceEntry('api'), { PORT: String(PORT) });
  await start('fanout', serviceEntry('fanout'));
  await start('webhook-worker', serviceEntry('webhook-worker'));
}, 120_000);

afterAll(async () => {
  await ops?.cleanup();
  await receiver?.stop();
});

describe('metrics, liveness and readiness on OPS_PORT', () => {
  it('counts an accepted and delivered event on the processes that did the work, with bounded labels', async () => {
    const target = `${receiver.url}/metrics-probe`;
    const res = await httpJson(`${BASE}/events`, {
      key,
      body: {
        event_type: 'ops.metrics',
        recipients: [{ channels: ['webhook'], webhook_url: target }],
        payload: { n: 1 },
        inline: { html: '<p>x</p>' },
      },
    });
    expect(res.status).toBe(202);
    await eventually(() => expect(receiver.requests.length).toBeGreaterThanOrEqual(1));

    const worker = await eventually(async () => {
      const m = await get(started['webhook-worker'].opsPort, '/metrics');
      expect(sample(m.text, 'herald_notifications_finished_total{channel="webhook",status="delivered"}')).toBe(1);
      return m;
    });
    expect(worker.status).toBe(200);
    expect(sample(worker.text, 'herald_delivery_attempts_total{channel="webhook",outcome="delivered"}')).toBe(1);
    expect(sample(worker.text, 'herald_provider_request_duration_seconds_count{channel="webhook"}')).toBe(1);
    expect(sample(worker.text, 'herald_delivery_latency_seconds_count{channel="webhook"}')).toBe(1);
    expect(sample(worker.text, 'herald_delivery_latency_seconds_sum{channel="webhook"}')).toBeGreaterThan(0);
    expect(worker.text).toContain('process_resident_memory_bytes');

    const api = await get(started.api.opsPort, '/metrics');
    expect(sample(api.text, 'herald_events_accepted_total')).toBe(1);
    expect(sample(api.text, 'herald_http_requests_total{method="POST",route="/api/v1/events",status="202"}')).toBe(1);
    expect(sample(api.text, 'herald_http_request_duration_seconds_count{method="POST",route="/api/v1/events",status="202"}')).toBe(1);
    // Queue depths and the outbox backlog come from the same check as GET /admin/health.
    expect(api.text).toMatch(/herald_queue_consumers\{queue="[^"]*fanout\.events"\} 1/);
    expect(api.text).toMatch(/herald_queue_messages\{queue="[^"]*webhook-worker\.deliveries"\} \d+/);
    expect(sample(api.text, 'herald_outbox_backlog')).toBe(0);

    // Never a tenant or an address as a label value: the series would grow without bound.
    for (const text of [worker.text, api.text]) {
      expect(text).not.toContain(projectId);
      expect(text).not.toContain('127.0.0.1:');
      expect(text).not.toContain('metrics-probe');
    }
  });

  it('writes one access-log line per request with the route template, status, duration and request id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await httpJson(`${BASE}/events/${unknown}`, { key });
    expect(res.status).toBe(404);
    const requestId = res.headers['x-request-id'];
    const line = await started.api.proc.line(new RegExp(`"message":"request".*"request_id":"${requestId}"`));
    const entry = JSON.parse(line.input!);
    expect(entry).toMatchObject({ method: 'GET', route: '/api/v1/events/{id}', status: 404 });
    expect(typeof entry.duration_ms).toBe('number');
    expect(line.input).not.toContain(unknown);
  });

  it('counts a notification that ends at fan-out (a suppressed recipient) on the fan-out process', async () => {
    const target = `${receiver.url}/suppressed-probe`;
    const suppressed = await httpJson(`${BASE}/suppressions`, { key, body: { channel: 'webhook', recipient: target } });
    expect(suppressed.status).toBe(201);
    const res = await httpJson(`${BASE}/events`, {
      key,
      body: {
        event_type: 'ops.suppressed',
        recipients: [{ channels: ['webhook'], webhook_url: target }],
        payload: {},
        inline: { html: '<p>x</p>' },
      },
    });
    expect(res.status).toBe(202);
    await eventually(async () => {
      const m = await get(started.fanout.opsPort, '/metrics');
      expect(sample(m.text, 'herald_notifications_finished_total{channel="webhook",status="suppressed"}')).toBe(1);
    });
  });

  it('answers liveness and readiness on every process, and 404 elsewhere', async () => {
    for (const name of ['api', 'fanout', 'webhook-worker']) {
      const { opsPort } = started[name];
      expect(await get(opsPort, '/livez')).toMatchObject({ status: 200 });
      const ready = await get(opsPort, '/readyz');
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.text).checks.map((c: { name: string }) => c.name)).toEqual(['database', 'queue']);
      expect((await get(opsPort, '/nothing')).status).toBe(404);
    }
  });

  it('stays live but turns unready, naming the database, while PostgreSQL is out of reach', async () => {
    const db = new URL(TEST_DATABASE_URL);
    const proxy = await TcpProxy.start(db.hostname, Number(db.port || 5432));
    try {
      const through = new URL(ops.databaseUrl);
      through.port = String(proxy.port);
      const api = await start('cut-api', serviceEntry('api'), { PORT: '0', DATABASE_URL: through.toString(), DB_POOL_SIZE: '2' });
      // The api connects to the queue in the background: ready once both answer.
      await eventually(async () => expect((await get(api.opsPort, '/readyz')).status).toBe(200));
      proxy.cut();
      await eventually(async () => {
        const ready = await get(api.opsPort, '/readyz');
        expect(ready.status).toBe(503);
        expect(JSON.parse(ready.text).checks).toContainEqual(expect.objectContaining({ name: 'database', ok: false }));
      });
      // An outage must not make the orchestrator restart every api pod.
      expect((await get(api.opsPort, '/livez')).status).toBe(200);
      proxy.restore();
      await eventually(async () => expect((await get(api.opsPort, '/readyz')).status).toBe(200));
    } finally {
      await proxy.stop();
    }
  });

  // With the postgres queue driver the queue is the database: there is no broker to lose.
  if (TEST_QUEUE_DRIVER === 'rabbitmq') {
    it('keeps the api ready, degraded, and accepting events while only the broker is out of reach', async () => {
      const broker = new URL(TEST_AMQP_URL);
      const proxy = await TcpProxy.start(broker.hostname, Number(broker.port || 5672));
      try {
        const through = new URL(TEST_AMQP_URL);
        through.port = String(proxy.port);
        const api = await start('broker-cut-api', serviceEntry('api'), { PORT: '0', AMQP_URL: through.toString() });
        const [, port] = await api.proc.line(/"message":"api listening".*"port":(\d+)/);
        await eventually(async () => expect(JSON.parse((await get(api.opsPort, '/readyz')).text).status).toBe('ready'));
        proxy.cut();
        await eventually(async () => {
          const ready = await get(api.opsPort, '/readyz');
          expect(ready.status).toBe(200);
          const body = JSON.parse(ready.text);
          expect(body.status).toBe('degraded');
          expect(body.checks).toContainEqual(expect.objectContaining({ name: 'queue', ok: false, required: false }));
        });
        // Accepted into the outbox; another process's relay (or this one's, once the broker is
        // back) publishes it, so it is delivered like any other.
        const target = `${receiver.url}/broker-cut`;
        const res = await httpJson(`http://127.0.0.1:${port}/api/v1/events`, {
          key,
          body: {
            event_type: 'ops.broker-cut',
            recipients: [{ channels: ['webhook'], webhook_url: target }],
            payload: {},
            inline: { html: '<p>x</p>' },
          },
        });
        expect(res.status).toBe(202);
        await eventually(() => expect(receiver.requests.some((r) => r.body.event_type === 'ops.broker-cut')).toBe(true), 30_000);
        proxy.restore();
        await eventually(async () => expect(JSON.parse((await get(api.opsPort, '/readyz')).text).status).toBe('ready'), 30_000);
      } finally {
        await proxy.stop();
      }
    });
  }

  it('reports a worker whose deliveries hang past the stall time as not live', async () => {
    const hanging = await WebhookReceiver.start('unused');
    hanging.respondWith(() => undefined); // never answers
    try {
      const worker = await start('stuck-worker', serviceEntry('webhook-worker'), {
        WEBHOOK_TIMEOUT_MS: '600000',
        LIVENESS_STALL_MS: '1000',
      });
      expect((await get(worker.opsPort, '/livez')).status).toBe(200);
      // Stop the healthy worker so the stuck one takes the delivery.
      started['webhook-worker'].proc.child.kill('SIGTERM');
      await started['webhook-worker'].proc.exited;
      const res = await httpJson(`${BASE}/events`, {
        key,
        body: {
          event_type: 'ops.stuck',
          recipients: [{ channels: ['webhook'], webhook_url: `${hanging.url}/stuck` }],
          payload: {},
          inline: { html: '<p>x</p>' },
        },
      });
      expect(res.status).toBe(202);
      await eventually(() => expect(hanging.requests.length).toBe(1));
      await eventually(async () => {
        const live = await get(worker.opsPort, '/livez');
        expect(live.status).toBe(503);
        expect(JSON.parse(live.text).detail).toMatch(/1 message\(s\) in flight and none finished/);
      });
    } finally {
      started['stuck-worker']?.proc.killGroup();
      await hanging.stop();
    }
  });
});
