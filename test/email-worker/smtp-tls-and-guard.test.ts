import { startEmailWorker } from '../../services/email-worker/src/app';
import { ChannelWorkerHarness } from '../support/channel-worker.harness';
import { eventually } from '../support/eventually';
import { FileHost } from '../support/file-host';
import { anEmail } from '../support/notification.builder';
import { SmtpSink } from '../support/smtp-sink';

const content = { subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' };

describe('email worker: STARTTLS', () => {
  let smtp: SmtpSink;
  let h: ChannelWorkerHarness;

  beforeAll(async () => {
    smtp = await SmtpSink.start({ starttls: true });
    // The sink uses smtp-server's self-signed test certificate; the URL option trusts it for this test only.
    h = await ChannelWorkerHarness.start('email', startEmailWorker, { SMTP_URL: `${smtp.url}/?tls.rejectUnauthorized=false` });
  });

  afterAll(async () => {
    await h.stop();
    await smtp.stop();
  });

  it('when the server offers STARTTLS, then the session is upgraded before the message is sent', async () => {
    const project = await h.project();
    const { message, notificationId } = await anEmail(project.project_id).to('tls@example.com').withContent(content).insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    expect(smtp.for('tls@example.com')[0].secure).toBe(true);
  });
});

/** Without the test exemption for 127.0.0.0/8, an attachment on loopback is as forbidden as any internal address. */
describe('email worker: attachment address guard', () => {
  let smtp: SmtpSink;
  let files: FileHost;
  let h: ChannelWorkerHarness;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    files = await FileHost.start();
    h = await ChannelWorkerHarness.start('email', startEmailWorker, { SMTP_URL: smtp.url, SSRF_ALLOW_CIDRS: '' });
  });

  afterAll(async () => {
    await h.stop();
    await smtp.stop();
    await files.stop();
  });

  it.each([
    ['an IPv4 loopback literal', () => files.file('/secret.txt', Buffer.from('internal'))],
    ['a name resolving to loopback', () => files.file('/secret2.txt', Buffer.from('internal')).replace('127.0.0.1', 'localhost')],
  ])('when an attachment URL is %s, then it is refused at connect time and the notification fails permanently', async (_case, url) => {
    const project = await h.project();
    const target = url();
    const { message, notificationId } = await anEmail(project.project_id)
      .to('guarded@example.com')
      .withContent(content)
      .withAttachments({ filename: 'secret.txt', url: target, size_bytes: 8 })
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect((await h.notification(notificationId)).last_error).toMatch(
      /^attachment "secret.txt": host .* resolves to a private or internal address/,
    );
    expect(files.requests).toHaveLength(0);
    expect(smtp.rcptCount('guarded@example.com')).toBe(0);
  });
});
