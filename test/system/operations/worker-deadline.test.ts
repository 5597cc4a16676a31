import { eventually } from '../../support/eventually';
import { fixedTestPort } from '../../support/test-env';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { httpJson, OperationsEnv, serviceEntry, type HeraldProcess } from './herald-process';

/**
 * The deadline is the same promise for the workers as for the api (serve() in libs/runtime):
 * a webhook-worker whose receiver never answers still exits by SHUTDOWN_TIMEOUT_MS, and the
 * delivery it held goes back to its queue for the next worker.
 */
const PORT = fixedTestPort(18550);
let ops: OperationsEnv;
let receiver: WebhookReceiver;
let key: string;
const started = (proc: HeraldProcess, name: string) => proc.line(new RegExp(`"message":"${name} started"`), 60000);

beforeAll(async () => {
  ops = new OperationsEnv({ PORT: String(PORT) });
  const project = await ops.bootstrap();
  key = project.api_key;
  receiver = await WebhookReceiver.start(project.webhook_signing_secret);
});
afterAll(async () => {
  await ops.cleanup();
  await receiver.stop();
});

describe('worker stop deadline', () => {
  it('when a webhook receiver hangs while the worker drains, then the worker exits at SHUTDOWN_TIMEOUT_MS and the delivery is made by the next worker', async () => {
    const api = ops.spawn(serviceEntry('api'));
    const fanout = ops.spawn(serviceEntry('fanout'));
    // The receiver outlives the deadline by far: only the deadline can end this drain.
    const worker = ops.spawn(serviceEntry('webhook-worker'), { WEBHOOK_TIMEOUT_MS: '600000', SHUTDOWN_TIMEOUT_MS: '1000' });
    await Promise.all([started(api, 'api'), started(fanout, 'fanout'), started(worker, 'webhook-worker')]);
    receiver.respondWith(() => undefined); // never answers

    const res = await httpJson(`http://127.0.0.1:${PORT}/api/v1/events`, {
      key,
      body: {
        event_type: 'ops.deadline',
        recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/hang` }],
        payload: { n: 1 },
        inline: { html: '<p>x</p>' },
      },
    });
    expect(res.status).toBe(202);
    await eventually(() => expect(receiver.requests).toHaveLength(1), 30000);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 1, signal: null });
    expect(worker.stdout).toContainEqual(expect.stringMatching(/"message":"stop deadline passed: exiting with work still in flight"/));

    receiver.respondWith((_req, r) => r.writeHead(200).end('ok'));
    const successor = ops.spawn(serviceEntry('webhook-worker'));
    await eventually(async () => {
      const event = await httpJson(`http://127.0.0.1:${PORT}/api/v1/events/${res.body.id}`, { key });
      expect(event.body.status).toBe('completed');
    }, 60000);
    expect(receiver.requests.length).toBeGreaterThanOrEqual(2);
    // Its consumers deliver while it is still starting; its SIGTERM handler comes with "started".
    await started(successor, 'webhook-worker');
    for (const proc of [api, fanout, successor]) proc.child.kill('SIGTERM');
    for (const proc of [api, fanout, successor]) expect(await proc.exited).toEqual({ code: 0, signal: null });
  });
});
