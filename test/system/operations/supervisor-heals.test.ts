import { SmtpSink } from '../../support/smtp-sink';
import { TwilioServer } from '../../support/twilio-server';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { eventually } from '../../support/eventually';
import { fixedTestPort } from '../../support/test-env';
import { httpJson, OperationsEnv, START_ALL, type HeraldProcess } from './herald-process';

/**
 * `npm start` (deploy/dev/start-all.js, the compiled services) with every service, sms-worker
 * included (against a local Twilio-compatible server): each one in turn is killed with SIGKILL
 * while events are being published, and must come back by itself with nothing lost.
 */
const PORT = fixedTestPort(18520);
const BASE = `http://127.0.0.1:${PORT}/api/v1`;
const ACCOUNT_SID = 'AC' + 'c'.repeat(32);
const SERVICES = ['api', 'fanout', 'webhook-worker', 'email-worker', 'sms-worker', 'scheduler'];

let twilio: TwilioServer;
let smtp: SmtpSink;
let receiver: WebhookReceiver;
let ops: OperationsEnv;
let herald: HeraldProcess;
let key: string;
/** Every event accepted so far, by the tag it carries on all three channels. */
const published: Array<{ tag: string; phone: string }> = [];

const startedPid = new RegExp(`^(${SERVICES.join('|')})\\s+\\| started \\(pid (\\d+)\\)`);
/** The pid the launcher last reported for a service. */
function pidOf(name: string): number {
  const lines = herald.stderr.map((l) => l.match(startedPid)).filter((m) => m?.[1] === name);
  return Number(lines[lines.length - 1]![2]);
}
const ready = (name: string) => new RegExp(`^${name}\\s+\\| .*"message":"${name} started"`);

/** One event with one recipient on webhook, email and sms, each address unique to the tag. */
async function publish(tag: string): Promise<void> {
  const phone = `+1415555${String(published.length).padStart(4, '0')}`;
  const res = await httpJson(`${BASE}/events`, {
    key,
    body: {
      event_type: 'ops.heal',
      recipients: [{ channels: ['webhook', 'email', 'sms'], webhook_url: `${receiver.url}/${tag}`, email: `${tag}@example.com`, phone }],
      payload: { tag },
      inline: { subject: `Heal ${tag}`, html: `<p>${tag}</p>`, text: tag },
    },
  });
  expect(res.status).toBe(202);
  published.push({ tag, phone });
}

/** A scheduled event (same three channels) due a moment from now: only the scheduler can dispatch it. */
async function schedule(tag: string): Promise<void> {
  const phone = `+1415555${String(published.length).padStart(4, '0')}`;
  const res = await httpJson(`${BASE}/scheduled-events`, {
    key,
    body: {
      event_type: 'ops.heal.scheduled',
      scheduled_for: new Date(Date.now() + 1500).toISOString(),
      recipients: [{ channels: ['webhook', 'email', 'sms'], webhook_url: `${receiver.url}/${tag}`, email: `${tag}@example.com`, phone }],
      payload: { tag },
      inline: { subject: `Heal ${tag}`, html: `<p>${tag}</p>`, text: tag },
    },
  });
  expect(res.status).toBe(201);
  published.push({ tag, phone });
}

function missing(): string[] {
  const webhooks = new Set(receiver.requests.map((r) => (r.body.payload as { tag: string }).tag));
  const mails = new Set(smtp.received.flatMap((m) => m.rcptTo.map((a) => a.toLowerCase())));
  const texts = new Set(twilio.requests.map((r) => r.form.To));
  return published.flatMap(({ tag, phone }) => [
    ...(webhooks.has(tag) ? [] : [`webhook ${tag}`]),
    ...(mails.has(`${tag}@example.com`) ? [] : [`email ${tag}`]),
    ...(texts.has(phone) ? [] : [`sms ${tag} ${phone}`]),
  ]);
}

beforeAll(async () => {
  twilio = await TwilioServer.start(ACCOUNT_SID, 'token');
  smtp = await SmtpSink.start();
  ops = new OperationsEnv({
    PORT: String(PORT),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_BASE_URL: twilio.baseUrl,
  });
  const project = await ops.bootstrap();
  key = project.api_key;
  receiver = await WebhookReceiver.start(project.webhook_signing_secret);
  herald = ops.spawn(START_ALL);
  for (const name of SERVICES) await herald.line(ready(name), 60000);
});

afterAll(async () => {
  await ops.cleanup();
  await Promise.all([receiver.stop(), smtp.stop(), twilio.stop()]);
});

describe('npm start supervises the services', () => {
  it.each(SERVICES)(
    'when %s is killed with SIGKILL while events are published, then it is restarted and every pending delivery arrives',
    async (name) => {
      const pid = pidOf(name);
      const readyBefore = herald.count(ready(name));
      for (let i = 0; i < 3; i++) await publish(`${name}-before-${i}`);

      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      await herald.line(new RegExp(`^${name}\\s+\\| exited \\(signal SIGKILL\\) after .*; restarting in`));
      if (name !== 'api') {
        // Accepted while the service is down or still starting: they wait for it.
        for (let i = 0; i < 3; i++) await publish(`${name}-while-down-${i}`);
        if (name === 'scheduler') await schedule(`${name}-scheduled`);
      }

      await eventually(() => expect(pidOf(name)).not.toBe(pid), 30000);
      await eventually(() => expect(herald.count(ready(name))).toBeGreaterThan(readyBefore), 30000);
      const readyAfterMs = Date.now() - killedAt;
      if (name === 'api') for (let i = 0; i < 3; i++) await publish(`${name}-after-${i}`);

      await eventually(() => expect(missing()).toEqual([]), 60000, 200);
      process.stdout.write(`${name}: SIGKILL -> ready again ${readyAfterMs} ms, -> all deliveries arrived ${Date.now() - killedAt} ms\n`);
      expect(herald.exit).toBeUndefined();
    },
    180000,
  );

  it('when the launcher gets SIGINT, then every service drains and stops, none is restarted, and it exits 0', async () => {
    const pids = SERVICES.map(pidOf);
    const restartsBefore = herald.count(/restarting in/);
    process.kill(herald.child.pid!, 'SIGINT');

    expect(await herald.exited).toEqual({ code: 0, signal: null });
    for (const name of SERVICES) expect(herald.count(new RegExp(`^${name}\\s+\\| .*stopping: finishing in-flight work`))).toBe(1);
    expect(herald.count(/restarting in/)).toBe(restartsBefore);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });
});
