import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Database } from '@herald/db';
import { eventually } from '../eventually';
import type { FuzzWorld } from './schema.arbitrary';

/** A webhook target on loopback that refuses every delivery for good (410), so dead letters pile up at no cost. */
export async function startRefusingTarget(): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(410).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The only URLs generated requests carry: loopback (the refusing target, a closed port, odd
 * spellings) and `.invalid` names, which the test DNS server answers (or not) and the internet
 * never sees a query for from intake.
 */
export function safeUrls(targetUrl: string): string[] {
  const port = new URL(targetUrl).port;
  return [
    `${targetUrl}/hook`,
    `HTTP://127.0.0.1:${port}/upper?q=1#frag`,
    `http://user:pass@127.0.0.1:${port}/creds`,
    `${targetUrl}/${'a'.repeat(1900)}`,
    'http://127.0.0.1:1/closed',
    `http://hook.fuzz.invalid:${port}/named`,
    'https://nx.fuzz.invalid/none',
    'http://silent.fuzz.invalid/slow',
    'http://[::1]/v6',
    'http://',
    'https://127.0.0.1:99999/badport',
  ];
}

interface Seeded {
  ids: string[];
  templateNames: string[];
}

/**
 * One project's worth of real resources through the public API (a template, an event whose
 * webhook is refused into a dead letter, a suppression, a scheduled event), so generated ids
 * hit existing rows of this project and of another one.
 */
export async function seedProject(origin: string, key: string, db: Database, targetUrl: string): Promise<Seeded> {
  const http = () => request(origin);
  const name = `fuzz-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const post = async (path: string, body: object) => {
    const res = await http().post(`/api/v1${path}`).set('X-API-Key', key).send(body);
    if (res.status >= 300) throw new Error(`seeding ${path} answered ${res.status} ${res.text}`);
    return res.body as { id: string };
  };
  const template = await post('/templates', { name, channel: 'email', subject: 'Hi {{name}}', body: '<p>{{name}}</p>' });
  const event = await post('/events', {
    event_type: 'fuzz.seed',
    recipients: [
      { channels: ['webhook'], webhook_url: `${targetUrl}/seed` },
      { channels: ['email'], email: 'seed@fuzz.invalid' },
    ],
    payload: { name: 'seed' },
    template_name: name,
  });
  const suppression = await post('/suppressions', { channel: 'email', recipient: `${name}@fuzz.invalid` });
  const scheduled = await post('/scheduled-events', {
    event_type: 'fuzz.later',
    recipients: [{ channels: ['email'], email: 'later@fuzz.invalid' }],
    template_id: template.id,
    scheduled_for: new Date(Date.now() + 86400_000).toISOString(),
  });
  const { notificationId, deadLetterId } = await eventually(async () => {
    const { rows } = await db.query<{ notification_id: string; id: string }>(
      `SELECT d.id, d.notification_id FROM dead_letters d JOIN notifications n ON n.id = d.notification_id WHERE n.event_id = $1`,
      [event.id],
    );
    if (rows.length !== 1) throw new Error('the seed event has no dead letter yet');
    return { notificationId: rows[0].notification_id, deadLetterId: rows[0].id };
  }, 30_000);
  return { ids: [template.id, event.id, suppression.id, scheduled.id, notificationId, deadLetterId], templateNames: [name] };
}

export function worldOf(seeds: Seeded[], targetUrl: string): FuzzWorld {
  return {
    ids: seeds.flatMap((s) => s.ids),
    templateNames: seeds.flatMap((s) => s.templateNames),
    urls: safeUrls(targetUrl),
  };
}
