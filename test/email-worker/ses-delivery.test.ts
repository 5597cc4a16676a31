import { randomBytes } from 'node:crypto';
import { startEmailWorker } from '../../services/email-worker/src/app';
import { ChannelWorkerHarness } from '../support/channel-worker.harness';
import { eventually } from '../support/eventually';
import { FileHost } from '../support/file-host';
import { anEmail } from '../support/notification.builder';
import { SesServer } from '../support/ses-server';

const EMAIL_FROM = 'notifications@mail.herald.test';

/** The real AWS SDK (SES v2) against a local SES-compatible endpoint. */
describe('email worker over SES v2', () => {
  let ses: SesServer;
  let files: FileHost;
  let h: ChannelWorkerHarness;

  beforeAll(async () => {
    ses = await SesServer.start();
    files = await FileHost.start();
    h = await ChannelWorkerHarness.start('email', startEmailWorker, {
      EMAIL_PROVIDER: 'ses',
      SES_ENDPOINT: ses.endpoint,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIDTESTTESTTEST',
      AWS_SECRET_ACCESS_KEY: 'test-secret',
      SES_CONFIGURATION_SET: 'herald-feedback',
      SNS_TOPIC_ARNS: 'arn:aws:sns:eu-west-1:123456789012:herald-ses-feedback',
      EMAIL_FROM,
    });
  });

  afterAll(async () => {
    await h.stop();
    await ses.stop();
    await files.stop();
  });

  const content = {
    subject: 'Receipt',
    html: '<h1>Thanks</h1><p>Paid 12.50</p>',
    text: 'Thanks. Paid 12.50',
    from_local: 'billing',
    from_name: 'Acme Billing',
    reply_to: 'help@acme.example',
  };

  it('when SES accepts, then it got the raw MIME message with every field and attachment, signed, and both ids are logged', async () => {
    const project = await h.project();
    const file = randomBytes(50_000);
    const { message, notificationId } = await anEmail(project.project_id)
      .to('grace@example.com')
      .withContent(content)
      .withAttachments({ filename: 'receipt.pdf', url: files.file('/receipt.pdf', file), size_bytes: file.length })
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    const [req] = ses.for('grace@example.com');
    expect(req.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTESTTESTTEST\/\d{8}\/eu-west-1\/ses\/aws4_request/);
    expect(req.body).toMatchObject({
      FromEmailAddress: 'billing@mail.herald.test',
      Destination: { ToAddresses: ['grace@example.com'] },
      ConfigurationSetName: 'herald-feedback',
    });
    const p = req.parsed;
    expect(p.from?.value).toEqual([{ address: 'billing@mail.herald.test', name: 'Acme Billing' }]);
    expect(p.replyTo?.value).toEqual([{ address: 'help@acme.example', name: '' }]);
    expect(p.subject).toBe('Receipt');
    expect(p.html).toBe(content.html);
    expect(p.text?.trim()).toBe(content.text);
    expect(p.attachments).toHaveLength(1);
    expect(p.attachments[0].filename).toBe('receipt.pdf');
    expect(p.attachments[0].content.equals(file)).toBe(true);
    expect(p.headers.get('auto-submitted')).toBe('auto-generated');

    const [log] = await h.logs(notificationId);
    expect(log.provider_response).toMatchObject({
      provider: 'ses',
      message_id: p.messageId,
      ses_message_id: expect.stringMatching(/-ses$/),
    });
    expect(log.provider_response.message_id).toBe(`<${notificationId}@mail.herald.test>`);
  });

  it('when SES throttles (429 TooManyRequestsException), then the attempt is retried and then delivered', async () => {
    const project = await h.project();
    ses.respondWith((req, nth) =>
      req.body.Destination?.ToAddresses?.[0] === 'throttled@example.com' && nth === 1
        ? { status: 429, errorType: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.' }
        : undefined,
    );
    const { message, notificationId } = await anEmail(project.project_id).to('throttled@example.com').withContent(content).insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    expect((await h.logs(notificationId)).map((l) => [l.status, l.error])).toEqual([
      ['retrying', 'SES TooManyRequestsException (HTTP 429): Maximum sending rate exceeded.'],
      ['delivered', null],
    ]);
  });

  it('when SES fails with a 500, then the attempt is retried', async () => {
    const project = await h.project();
    ses.respondWith((req, nth) =>
      req.body.Destination?.ToAddresses?.[0] === 'blip@example.com' && nth === 1
        ? { status: 500, errorType: 'InternalFailure', message: 'try again' }
        : undefined,
    );
    const { message, notificationId } = await anEmail(project.project_id).to('blip@example.com').withContent(content).insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    expect((await h.logs(notificationId)).map((l) => l.status)).toEqual(['retrying', 'delivered']);
  });

  it('when SES rejects the message (unverified sender), then it fails permanently after one attempt', async () => {
    const project = await h.project();
    ses.respondWith((req) =>
      req.body.Destination?.ToAddresses?.[0] === 'rejected@example.com'
        ? { status: 400, errorType: 'MessageRejected', message: 'Email address is not verified.' }
        : undefined,
    );
    const { message, notificationId } = await anEmail(project.project_id).to('rejected@example.com').withContent(content).insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect((await h.notification(notificationId)).last_error).toBe('SES MessageRejected (HTTP 400): Email address is not verified.');
    expect((await h.deadLetterRows(notificationId))[0]).toMatchObject({ error_type: 'permanent_failure' });
    expect(ses.for('rejected@example.com')).toHaveLength(1);
  });
});
