import { randomBytes } from 'node:crypto';
import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startEmailWorker } from '../../services/email-worker/src/app';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { FileHost } from '../support/file-host';
import { aProject } from '../support/projects';
import { SmtpSink } from '../support/smtp-sink';
import { startSystem, type RunningSystem } from '../support/system';
import { testConfig } from '../support/test-env';

let smtp: SmtpSink;
let files: FileHost;
let config: ReturnType<typeof testConfig>;
let system: RunningSystem;
let project: Awaited<ReturnType<typeof aProject>>;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  files = await FileHost.start();
  config = testConfig({ SMTP_URL: smtp.url, EMAIL_FROM: 'hello@mail.herald.test' });
  system = await startSystem(config, [(c) => startEmailWorker(c, createLogger('email-worker', c.LOG_LEVEL))]);
  project = await aProject(system.api.db, config);
});

afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
  await smtp.stop();
  await files.stop();
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));

describe('event in, email out', () => {
  it('when an event has an email recipient with inline content and an attachment, then the email arrives and the API shows its Message-ID', async () => {
    const file = randomBytes(10_000);
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', project.api_key)
      .send({
        event_type: 'invoice.ready',
        recipients: [{ channels: ['email'], email: 'Linus@Example.com' }],
        payload: { invoice: 'F-7' },
        inline: {
          subject: 'Invoice {{invoice}}',
          html: '<p>Your invoice is attached.</p>',
          from_local: 'billing',
          from_name: 'Acme',
          reply_to: 'billing@acme.example',
        },
        attachments: [{ filename: 'F-7.pdf', url: files.file('/F-7.pdf', file, 'application/pdf'), size_bytes: file.length }],
      });
    expect(res.status).toBe(202);

    const event = await eventually(async () => {
      const detail = await http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', project.api_key);
      expect(detail.body.status).toBe('completed');
      return detail.body;
    });
    const [mail] = smtp.for('linus@example.com');
    // Inline content is sent literally; the text part was derived from the html at fan-out.
    expect(mail.parsed.subject).toBe('Invoice {{invoice}}');
    expect(mail.parsed.text?.trim()).toBe('Your invoice is attached.');
    expect(mail.parsed.from?.value).toEqual([{ address: 'billing@mail.herald.test', name: 'Acme' }]);
    expect(mail.parsed.attachments[0].content.equals(file)).toBe(true);

    const detail = await http().get(`/api/v1/notifications/${event.notifications[0].id}`).set('X-API-Key', project.api_key);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ channel: 'email', status: 'delivered', recipient: 'linus@example.com' });
    expect(detail.body.notification_logs).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: 'delivered',
        provider_response: expect.objectContaining({ message_id: mail.parsed.messageId }),
      }),
    ]);
  });
});
