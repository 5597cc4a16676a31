import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startEmailWorker } from '../../services/email-worker/src/app';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';
import { SmtpSink } from '../support/smtp-sink';
import { startSystem, type RunningSystem } from '../support/system';
import { testConfig } from '../support/test-env';

let smtp: SmtpSink;
let config: ReturnType<typeof testConfig>;
let system: RunningSystem;
let key: string;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  config = testConfig({ SMTP_URL: smtp.url, EMAIL_FROM: 'hello@mail.herald.test' });
  system = await startSystem(config, [(c) => startEmailWorker(c, createLogger('email-worker', c.LOG_LEVEL))]);
  key = (await aProject(system.api.db, config)).api_key;
});

afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
  await smtp.stop();
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));
const post = (path: string, body: object) => http().post(`/api/v1${path}`).set('X-API-Key', key).send(body);
const event = (email: string, content: object) => ({
  event_type: 'digest.ready',
  recipients: [{ channels: ['email'], email }],
  payload: { week: 48 },
  ...content,
});

/** The received email's header, as the recipient's client decodes it. */
async function receivedHeader(email: string, name: string) {
  const mail = await eventually(async () => {
    const [got] = smtp.for(email);
    expect(got).toBeDefined();
    return got;
  });
  return mail.parsed.headers.get(name.toLowerCase());
}

/** RFC 2047 Q-encoded words back to text: mailparser leaves unknown headers encoded. */
const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_w, q: string) =>
    Buffer.from(
      q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );

/** The header's line as it came over the wire (mailparser folds List-* into one object). */
const wireLine = (email: string, name: string) => smtp.for(email)[0].parsed.headerLines.find((l) => l.key === name.toLowerCase())?.line;

describe('extra email headers', () => {
  it('when inline content names X-* headers and List-Id, then they arrive on the email as given', async () => {
    const headers = { 'X-Campaign': 'winter-2026 · café', 'List-Id': 'Acme weekly <weekly.acme.example>', 'X-Entity-Ref-ID': 'w48' };
    const res = await post(
      '/events',
      event('inline-headers@example.com', { inline: { subject: 'Week 48', html: '<p>Digest</p>', headers } }),
    );
    expect(res.status).toBe(202);

    expect(decodeWords(String(await receivedHeader('inline-headers@example.com', 'X-Campaign')))).toBe('winter-2026 · café');
    expect(await receivedHeader('inline-headers@example.com', 'X-Entity-Ref-ID')).toBe('w48');
    expect(wireLine('inline-headers@example.com', 'List-Id')).toBe('List-ID: Acme weekly <weekly.acme.example>');
    expect(await receivedHeader('inline-headers@example.com', 'Auto-Submitted')).toBe('auto-generated');
  });

  it('when an email template has headers, then its emails carry them, and a PUT can change and clear them', async () => {
    const created = await post('/templates', {
      name: 'weekly-digest',
      channel: 'email',
      subject: 'Week {{week}}',
      body: '<p>Week {{week}}</p>',
      headers: { 'X-Digest': 'weekly' },
    });
    expect(created.status).toBe(201);
    expect(created.body.headers).toEqual({ 'X-Digest': 'weekly' });
    expect((await post('/events', event('template-headers@example.com', { template_name: 'weekly-digest' }))).status).toBe(202);
    expect(await receivedHeader('template-headers@example.com', 'X-Digest')).toBe('weekly');

    const cleared = await http().put(`/api/v1/templates/${created.body.id}`).set('X-API-Key', key).send({ headers: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.headers).toBeNull();
    expect((await post('/events', event('template-no-headers@example.com', { template_name: 'weekly-digest' }))).status).toBe(202);
    expect(await receivedHeader('template-no-headers@example.com', 'X-Digest')).toBeUndefined();
  });

  it.each([
    [
      'a name outside the allow-list',
      { Bcc: 'victim@example.com' },
      ['Bcc'],
      'Bcc is not allowed: only X-* headers and List-Id can be set',
    ],
    [
      'a value that would start a new header',
      { 'X-Note': 'hi\r\nBcc: victim@example.com' },
      ['X-Note'],
      'header values must not contain line breaks or other control characters',
    ],
    [
      'a name Herald sets itself',
      { 'X-Herald-Notification-Id': 'forged' },
      ['X-Herald-Notification-Id'],
      'X-Herald-Notification-Id is reserved: Herald (X-Herald-*) or the provider (X-SES-*) sets it',
    ],
    ['a name with a colon', { 'X-A:B': 'v' }, ['X-A:B'], expect.stringMatching(/^header names are letters, digits/)],
  ])('when inline headers hold %s, then the event is refused with a 422 at that header', async (_case, headers, at, msg) => {
    const res = await post('/events', event('refused@example.com', { inline: { html: '<p>x</p>', headers } }));
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ['body', 'inline', 'headers', ...at], msg, type: 'value_error' }]);
  });

  it('when there are more than 20 headers, a name passes 64 characters or a value 998, then the schema refuses it at the headers field', async () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'v']));
    for (const headers of [many, { ['X-' + 'n'.repeat(63)]: 'v' }, { 'X-Long': 'v'.repeat(999) }]) {
      const res = await post('/events', event('limits@example.com', { inline: { html: '<p>x</p>', headers } }));
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc.slice(0, 3)).toEqual(['body', 'inline', 'headers']);
    }
    expect(smtp.for('limits@example.com')).toEqual([]);
  });

  it('when a template is saved with a refused header or headers on an sms template, then 422 names the field', async () => {
    const bad = await post('/templates', {
      name: 'bad-headers',
      channel: 'email',
      body: '<p>x</p>',
      headers: { 'Reply-To': 'a@b.example' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      {
        loc: ['body', 'headers', 'Reply-To'],
        msg: 'Reply-To is not allowed: only X-* headers and List-Id can be set',
        type: 'value_error',
      },
    ]);
    const sms = await post('/templates', { name: 'sms-headers', channel: 'sms', body: 'Code 1', headers: { 'X-A': 'b' } });
    expect(sms.status).toBe(422);
    expect(sms.body.detail).toEqual([{ loc: ['body', 'headers'], msg: 'headers applies to email templates only', type: 'value_error' }]);
  });
});
