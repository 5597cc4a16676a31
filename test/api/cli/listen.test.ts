import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createLogger } from '@herald/logger';
import { Webhook } from 'standardwebhooks';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { eventually } from '../../support/eventually';
import { useSystem } from '../../support/system-fixture';

/**
 * `herald listen` as a developer runs it: the compiled CLI as its own process, receiving what a
 * real Herald pipeline (api, fan-out, webhook-worker) delivers over loopback.
 */
const CLI = join(__dirname, '..', '..', '..', 'services', 'api', 'dist', 'cli', 'main.js');
const f = useSystem({ extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))] });

interface Listener {
  url: string;
  out: string[];
  err: string[];
  stop(): Promise<void>;
}
const listeners: Listener[] = [];
afterAll(() => Promise.all(listeners.map((l) => l.stop())));

async function herald(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const err: string[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => out.push(l));
  createInterface({ input: child.stderr }).on('line', (l) => err.push(l));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, out, err, exited };
}

async function listen(args: string[], env: Record<string, string> = { HERALD_WEBHOOK_SECRET: f.project.webhook_signing_secret }) {
  const proc = await herald(['listen', '--port', '0', ...args], env);
  const port = await eventually(() => {
    const ready = proc.err.map((l) => l.match(/^herald listen: ready on http:\/\/127\.0\.0\.1:(\d+),/)).find(Boolean);
    if (!ready) throw new Error(`not ready: ${proc.err.join('\n')}`);
    return ready[1];
  });
  const listener: Listener = {
    url: `http://127.0.0.1:${port}`,
    out: proc.out,
    err: proc.err,
    stop: async () => {
      proc.child.kill('SIGTERM');
      await proc.exited;
    },
  };
  listeners.push(listener);
  return listener;
}

/** A request signed the way Herald signs, with whatever secret is given. */
function signed(secret: string, body: string, id = 'msg_forged') {
  const now = new Date();
  return {
    'Content-Type': 'application/json',
    'X-Herald-Signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, now, body),
  };
}

const OTHER_SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

describe('herald listen', () => {
  it('prints a verified delivery that the pipeline made, and Herald records it delivered', async () => {
    const listener = await listen(['--json']);
    const res = await f
      .http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'order.shipped',
        recipients: [{ channels: ['webhook'], webhook_url: `${listener.url}/herald` }],
        payload: { order_id: 'A-1001' },
        inline: { html: '<p>shipped</p>' },
      });
    expect(res.status).toBe(202);
    const printed = await eventually(() => {
      expect(listener.out).toHaveLength(1);
      return JSON.parse(listener.out[0]!);
    }, 30000);
    expect(printed).toMatchObject({
      status: 200,
      verified: true,
      herald_signature: 'valid',
      standard_webhooks: 'valid',
      body: { event_type: 'order.shipped', payload: { order_id: 'A-1001' } },
    });
    expect(printed.id).toBe(printed.body.notification_id);
    await eventually(async () => {
      const notification = await f.http().get(`/api/v1/notifications/${printed.id}`).set('X-API-Key', f.key);
      expect(notification.body.status).toBe('delivered');
    });
  });

  it('refuses a delivery signed with another secret, or altered after signing, with a 400', async () => {
    const listener = await listen(['--json']);
    const body = JSON.stringify({ event_type: 'order.shipped', payload: { order_id: 'forged' } });
    const forged = await fetch(`${listener.url}/herald`, { method: 'POST', headers: signed(OTHER_SECRET, body), body });
    expect(forged.status).toBe(400);

    const genuine = signed(f.project.webhook_signing_secret, body, 'msg_altered');
    const altered = await fetch(`${listener.url}/herald`, { method: 'POST', headers: genuine, body: body.replace('forged', 'f0rged') });
    expect(altered.status).toBe(400);
    const unsigned = await fetch(`${listener.url}/herald`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(unsigned.status).toBe(400);

    await eventually(() => expect(listener.out).toHaveLength(3));
    const [first, second, third] = listener.out.map((l) => JSON.parse(l));
    expect(first).toMatchObject({
      id: 'msg_forged',
      status: 400,
      verified: false,
      herald_signature: 'invalid',
      standard_webhooks: 'invalid',
    });
    expect(second).toMatchObject({
      id: 'msg_altered',
      status: 400,
      verified: false,
      herald_signature: 'invalid',
      standard_webhooks: 'invalid',
    });
    expect(third).toMatchObject({ id: null, status: 400, verified: false, herald_signature: 'missing', standard_webhooks: 'missing' });
    // The secret itself is never printed.
    expect([...listener.out, ...listener.err].join('\n')).not.toContain(f.project.webhook_signing_secret);
  });

  it('prints readable text by default and refuses a body over 1 MiB with a 413', async () => {
    const listener = await listen([]);
    const body = JSON.stringify({ event_type: 'hello', payload: { n: 1 } });
    const ok = await fetch(`${listener.url}/`, {
      method: 'POST',
      headers: signed(f.project.webhook_signing_secret, body, 'msg_text'),
      body,
    });
    expect(ok.status).toBe(200);
    const huge = await fetch(`${listener.url}/`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
    await eventually(() => {
      expect(listener.out.join('\n')).toMatch(
        / delivery msg_text -> 200 verified \(X-Herald-Signature-256 and webhook-signature\)\n\{\n {2}"event_type": "hello"/,
      );
      expect(listener.out.join('\n')).toMatch(/ -> 413 REFUSED: body over 1048576 bytes/);
    });
  });

  it('stops with one line when no signing secret is given', async () => {
    const proc = await herald(['listen', '--port', '0']);
    expect(await proc.exited).toBe(2);
    expect(proc.err[0]).toBe(
      "herald listen: the project's signing secret is required: --secret or HERALD_WEBHOOK_SECRET (webhook_signing_secret in `herald bootstrap`'s output)",
    );
  });
});
