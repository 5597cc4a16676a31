import { randomUUID } from 'node:crypto';
import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startEmailWorker } from '../../services/email-worker/src/app';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { aProject } from '../support/projects';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink';
import { startSystem, type RunningSystem } from '../support/system';
import { testConfig } from '../support/test-env';

let smtp: SmtpSink;
let config: ReturnType<typeof testConfig>;
let system: RunningSystem;
let project: Awaited<ReturnType<typeof aProject>>;
let origin: string;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  config = testConfig({ PORT: String(port), PUBLIC_URL: origin, SMTP_URL: smtp.url, UNSUBSCRIBE_MAILTO: 'unsubscribe@mail.herald.test' });
  system = await startSystem(config, [(c) => startEmailWorker(c, createLogger('email-worker', c.LOG_LEVEL))]);
  project = await aProject(system.api.db, config);
  await http().post('/api/v1/categories').set('X-API-Key', project.api_key).send({ name: 'marketing', description: 'News and offers' });
});

afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
  await smtp.stop();
});

const http = () => request(origin);
const anAddress = () => `reader-${randomUUID().slice(0, 8)}@example.com`;

/** Publishes one email and waits until its event is finished (sent, or suppressed at fan-out). */
async function sendEmail(to: string, inline: Record<string, unknown>): Promise<string> {
  const res = await http()
    .post('/api/v1/events')
    .set('X-API-Key', project.api_key)
    .send({
      event_type: 'news',
      recipients: [{ channels: ['email'], email: to }],
      payload: {},
      inline: { html: '<p>Hello</p>', ...inline },
    });
  expect(res.status).toBe(202);
  return eventually(async () => {
    const event = await http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', project.api_key);
    expect(event.body.status).toBe('completed');
    return event.body.notifications[0].id as string;
  });
}

/** A header as the receiver reads it: unfolded, from the raw message. */
function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw
    .toString('utf8')
    .split(/\r?\n\r?\n/)[0]
    .replace(/\r?\n[ \t]+/g, ' ');
  return head
    .split(/\r?\n/)
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

function linkIn(mail: ReceivedMail): string {
  const link = /<(http[^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe') ?? '')?.[1];
  expect(link).toBeDefined();
  return link!;
}

const pathOf = (link: string) => link.slice(origin.length);

describe('List-Unsubscribe on category email', () => {
  it('when a transactional and a marketing email reach one address, then only the marketing one carries the unsubscribe headers', async () => {
    const to = anAddress();
    await sendEmail(to, { subject: 'Your receipt' });
    await sendEmail(to, { subject: 'Our news', category: 'marketing' });
    const [receipt, news] = smtp.for(to);
    expect(receipt.parsed.subject).toBe('Your receipt');
    expect(headerOf(receipt, 'List-Unsubscribe')).toBeUndefined();
    expect(headerOf(receipt, 'List-Unsubscribe-Post')).toBeUndefined();

    expect(news.parsed.subject).toBe('Our news');
    expect(headerOf(news, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(news, 'List-Unsubscribe')).toMatch(
      new RegExp(
        `^<${origin}/api/v1/unsubscribe\\?token=u1\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+>, <mailto:unsubscribe@mail\\.herald\\.test\\?subject=unsubscribe%20u1\\.[^>]+>$`,
      ),
    );
  });

  it('when a template names the category, then its email carries the headers too', async () => {
    const to = anAddress();
    await http()
      .put('/api/v1/templates/by-name/weekly?channel=email')
      .set('X-API-Key', project.api_key)
      .send({ subject: 'Weekly', body: '<p>Weekly news</p>', category: 'marketing' });
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', project.api_key)
      .send({ event_type: 'weekly', recipients: [{ channels: ['email'], email: to }], payload: {}, template_name: 'weekly' });
    expect(res.status).toBe(202);
    const [mail] = await eventually(async () => {
      expect(smtp.for(to)).toHaveLength(1);
      return smtp.for(to);
    });
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('when the link is posted with List-Unsubscribe=One-Click, then the next marketing email is suppressed and a transactional one still arrives', async () => {
    const to = anAddress();
    await sendEmail(to, { subject: 'First news', category: 'marketing' });
    const link = linkIn(smtp.for(to)[0]);

    const posted = await http().post(pathOf(link)).type('form').send('List-Unsubscribe=One-Click');
    expect(posted.status).toBe(200);
    expect(posted.headers['cache-control']).toBe('no-store');
    expect(posted.body).toEqual({ unsubscribed: true });
    expect((await http().post(pathOf(link)).type('form').send('List-Unsubscribe=One-Click')).status).toBe(200);

    const suppressions = await http().get('/api/v1/suppressions?category=marketing').set('X-API-Key', project.api_key);
    expect(suppressions.body.items.filter((s: { recipient: string }) => s.recipient === to)).toEqual([
      expect.objectContaining({ channel: 'email', category: 'marketing', reason: 'unsubscribed', source: 'recipient' }),
    ]);

    const next = await sendEmail(to, { subject: 'Second news', category: 'marketing' });
    await sendEmail(to, { subject: 'Your receipt' });
    expect(smtp.for(to).map((m) => m.parsed.subject)).toEqual(['First news', 'Your receipt']);
    const skipped = await http().get(`/api/v1/notifications/${next}`).set('X-API-Key', project.api_key);
    expect(skipped.body).toMatchObject({
      status: 'suppressed',
      last_error: 'the recipient is suppressed (unsubscribed from category marketing)',
    });
  });
});
