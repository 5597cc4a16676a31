import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '../../support/eventually';
import { fixedTestPort } from '../../support/test-env';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { httpJson, OperationsEnv, serviceEntry } from './herald-process';

/**
 * OpenTelemetry across the processes: one event's trace spans the api, the outbox relay,
 * fan-out, the webhook worker and its provider call, exported over OTLP/HTTP to a real receiver
 * speaking the protocol's JSON encoding.
 */
const PORT = fixedTestPort(18610);
const BASE = `http://127.0.0.1:${PORT}/api/v1`;

interface ReceivedSpan {
  service: string;
  traceId: string;
  name: string;
  kind: number;
}

let ops: OperationsEnv;
let receiver: WebhookReceiver;
let collector: Server;
const spans: ReceivedSpan[] = [];

async function startCollector(): Promise<string> {
  collector = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const doc = JSON.parse(body) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ spans: Array<{ traceId: string; name: string; kind: number }> }>;
          }>;
        };
        for (const rs of doc.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ service, traceId: s.traceId, name: s.name, kind: s.kind });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await ops?.cleanup();
  await receiver?.stop();
  await new Promise((r) => collector?.close(r));
});

describe('traces', () => {
  it('follow one event from the api through fan-out to the webhook worker and its provider call', async () => {
    const endpoint = await startCollector();
    ops = new OperationsEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' });
    const boot = await ops.bootstrap();
    receiver = await WebhookReceiver.start(boot.webhook_signing_secret);
    const started = (p: ReturnType<OperationsEnv['spawn']>, name: string) => p.line(new RegExp(`"message":"${name} started"`));
    await started(ops.spawn(serviceEntry('api'), { PORT: String(PORT) }), 'api');
    await started(ops.spawn(serviceEntry('fanout')), 'fanout');
    await started(ops.spawn(serviceEntry('webhook-worker')), 'webhook-worker');

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await httpJson(`${BASE}/events`, {
      key: boot.api_key,
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: {
        event_type: 'ops.trace',
        recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/t` }],
        payload: {},
        inline: { html: '<p>x</p>' },
      },
    });
    expect(res.status).toBe(202);
    await eventually(() => expect(receiver.requests).toHaveLength(1));

    const trace = await eventually(() => {
      const ours = spans.filter((s) => s.traceId === traceId);
      const names = ours.map((s) => `${s.service}: ${s.name}`);
      expect(names).toEqual(
        expect.arrayContaining([
          'api: POST /api/v1/events',
          expect.stringMatching(/^(api|fanout): \S*herald\.events publish$/),
          'fanout: fanout.events process',
          'webhook-worker: webhook deliver',
          'webhook-worker: webhook provider send',
        ]),
      );
      return ours;
    }, 30_000);
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['api', 'fanout', 'webhook-worker']));
  });
});
