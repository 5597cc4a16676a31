import { randomBytes } from 'node:crypto';
import { startEmailWorker } from '../../services/email-worker/src/app';
import { ChannelWorkerHarness } from '../support/channel-worker.harness';
import { eventually } from '../support/eventually';
import { FileHost } from '../support/file-host';
import { anEmail } from '../support/notification.builder';
import { SmtpSink } from '../support/smtp-sink';

const EMAIL_FROM = 'notifications@mail.herald.test';

/** Real worker, PostgreSQL, RabbitMQ, an SMTP server and a file host; retries use the test policy (3 attempts, 50-200 ms). */
describe('email worker over SMTP', () => {
  let smtp: SmtpSink;
  let files: FileHost;
  let h: ChannelWorkerHarness;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    files = await FileHost.start();
    h = await ChannelWorkerHarness.start('email', startEmailWorker, { EMAIL_PROVIDER: 'smtp', SMTP_URL: smtp.url, EMAIL_FROM });
  });

  afterAll(async () => {
    await h.stop();
    await smtp.stop();
    await files.stop();
  });

  const content = {
    subject: 'Your order shipped — café',
    html: '<p>Hello <b>Ada</b>, order <i>A-1</i> shipped.</p>',
    text: 'Hello Ada, order A-1 shipped.',
    from_local: 'orders',
    from_name: 'Acme Orders',
    reply_to: 'support@acme.example',
  };

  it('when the server accepts, then From, Reply-To, Subject, html, text, Message-ID, Auto-Submitted and attachments arrive as built and are logged', async () => {
    const project = await h.project();
    const pdf = randomBytes(200_000);
    const csv = Buffer.from('id,total\nA-1,12.50\n', 'utf8');
    const { message, eventId, notificationId } = await anEmail(project.project_id)
      .to('ada@example.com')
      .withContent(content)
      .withAttachments(
        { filename: 'invoice.pdf', url: files.file('/invoice.pdf', pdf, 'application/pdf'), size_bytes: pdf.length },
        { filename: 'lines.csv', url: files.file('/lines.csv', csv, 'text/csv'), size_bytes: csv.length },
      )
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    const [mail] = smtp.for('ada@example.com');
    expect(mail.rcptTo).toEqual(['ada@example.com']);
    expect(mail.mailFrom).toBe('orders@mail.herald.test');
    const p = mail.parsed;
    expect(p.from?.value).toEqual([{ address: 'orders@mail.herald.test', name: 'Acme Orders' }]);
    expect(p.replyTo?.value).toEqual([{ address: 'support@acme.example', name: '' }]);
    expect(p.to && !Array.isArray(p.to) ? p.to.value : []).toEqual([{ address: 'ada@example.com', name: '' }]);
    expect(p.subject).toBe(content.subject);
    expect(p.html).toBe(content.html);
    expect(p.text?.trim()).toBe(content.text);
    expect(p.messageId).toBe(`<${notificationId}@mail.herald.test>`);
    expect(p.headers.get('x-herald-notification-id')).toBe(notificationId);
    expect(p.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.ehloName).toBe('mail.herald.test');
    expect(p.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['invoice.pdf', 'application/pdf'],
      ['lines.csv', 'text/csv'],
    ]);
    expect(p.attachments[0].content.equals(pdf)).toBe(true);
    expect(p.attachments[1].content.equals(csv)).toBe(true);

    const logs = await h.logs(notificationId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ attempt: 1, status: 'delivered', error: null });
    expect(logs[0].provider_response).toMatchObject({
      message_id: p.messageId,
      provider: 'smtp',
      smtp_response: expect.stringMatching(/^250 /),
    });
    expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 1 });
  });

  it('when the content names no sender, then the default EMAIL_FROM is used with no Reply-To', async () => {
    const project = await h.project();
    const { message, notificationId } = await anEmail(project.project_id)
      .to('plain@example.com')
      .withContent({ subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' })
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    const [mail] = smtp.for('plain@example.com');
    expect(mail.parsed.from?.value).toEqual([{ address: EMAIL_FROM, name: '' }]);
    expect(mail.parsed.replyTo).toBeUndefined();
    expect(mail.parsed.attachments).toEqual([]);
    expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('when the server takes the message but answers 451 at the end of DATA, then the retry carries the same Message-ID', async () => {
    const project = await h.project();
    smtp.respondToData((recipient, nth) =>
      recipient === 'twice@example.com' && nth === 1 ? { code: 451, message: '4.4.2 Timeout' } : undefined,
    );
    const { message, notificationId } = await anEmail(project.project_id).to('twice@example.com').withContent(content).insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    const [first] = smtp.refused.filter((m) => m.rcptTo.includes('twice@example.com'));
    const [second] = smtp.for('twice@example.com');
    // The server may have kept the first copy (as after a timeout): receivers dedup on this header.
    expect(first.parsed.messageId).toBe(`<${notificationId}@mail.herald.test>`);
    expect(second.parsed.messageId).toBe(first.parsed.messageId);
    const logs = await h.logs(notificationId);
    expect(logs.map((l) => [l.status, l.provider_response.message_id])).toEqual([
      ['retrying', first.parsed.messageId],
      ['delivered', first.parsed.messageId],
    ]);
  });

  it('when the server defers with 451 once, then the next attempt delivers', async () => {
    const project = await h.project();
    smtp.respondToRcpt((address, nth) =>
      address === 'deferred@example.com' && nth === 1 ? { code: 451, message: '4.3.0 Temporary lookup failure' } : undefined,
    );
    const { message, notificationId } = await anEmail(project.project_id).to('deferred@example.com').withContent(content).insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    const logs = await h.logs(notificationId);
    expect(logs.map((l) => [l.attempt, l.status])).toEqual([
      [1, 'retrying'],
      [2, 'delivered'],
    ]);
    expect(logs[0].error).toBe('SMTP RCPT TO rejected: 451 4.3.0 Temporary lookup failure');
    expect(logs[1].provider_response.message_id).toBe(logs[0].provider_response.message_id);
    expect(smtp.for('deferred@example.com')).toHaveLength(1);
    expect(await h.suppressions(project.project_id)).toEqual([]);
  });

  it('when the server answers 550 5.1.1 user unknown, then it fails permanently and the address is suppressed as a hard bounce', async () => {
    const project = await h.project();
    smtp.respondToRcpt((address) =>
      address === 'gone@example.com' ? { code: 550, message: '5.1.1 <gone@example.com>: User unknown' } : undefined,
    );
    const { message, notificationId, eventId } = await anEmail(project.project_id).to('gone@example.com').withContent(content).insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect(smtp.rcptCount('gone@example.com')).toBe(1);
    expect((await h.notification(notificationId)).last_error).toBe('SMTP RCPT TO rejected: 550 5.1.1 <gone@example.com>: User unknown');
    expect((await h.deadLetterRows(notificationId))[0]).toMatchObject({ error_type: 'permanent_failure', channel: 'email' });
    expect(await h.suppressions(project.project_id)).toEqual([
      { channel: 'email', recipient: 'gone@example.com', reason: 'hard_bounce', source: 'system' },
    ]);
    expect(await h.event(eventId)).toMatchObject({ status: 'failed', failed_count: 1 });
  });

  it('when the address is already suppressed by the client, then a user-unknown bounce leaves that record as it was', async () => {
    const project = await h.project();
    await h.db.query(
      `INSERT INTO suppressions (project_id, channel, recipient, reason, source) VALUES ($1, 'email', 'kept@example.com', 'manual', 'client')`,
      [project.project_id],
    );
    smtp.respondToRcpt((address) => (address === 'kept@example.com' ? { code: 550, message: '5.1.1 User unknown' } : undefined));
    const { message, notificationId } = await anEmail(project.project_id).to('kept@example.com').withContent(content).insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect(await h.suppressions(project.project_id)).toEqual([
      { channel: 'email', recipient: 'kept@example.com', reason: 'manual', source: 'client' },
    ]);
  });

  it('when the server answers 554 for a policy reason, then it fails permanently without a suppression', async () => {
    const project = await h.project();
    smtp.respondToRcpt((address) => (address === 'policy@example.com' ? { code: 554, message: '5.7.1 Relay access denied' } : undefined));
    const { message, notificationId } = await anEmail(project.project_id).to('policy@example.com').withContent(content).insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect((await h.logs(notificationId)).map((l) => l.status)).toEqual(['failed']);
    expect(await h.suppressions(project.project_id)).toEqual([]);
  });

  it('when the file host answers 404, then the notification fails permanently naming the file, and nothing is sent', async () => {
    const project = await h.project();
    const url = files.route('/missing.pdf', (_req, res) => res.writeHead(404).end('not here'));
    const { message, notificationId } = await anEmail(project.project_id)
      .to('no-file@example.com')
      .withContent(content)
      .withAttachments({ filename: 'missing.pdf', url, size_bytes: 10 })
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect((await h.notification(notificationId)).last_error).toBe('attachment "missing.pdf": the file host answered HTTP 404');
    expect((await h.deadLetterRows(notificationId))[0]).toMatchObject({ error_type: 'permanent_failure' });
    expect(files.hits('/missing.pdf')).toBe(1);
    expect(smtp.rcptCount('no-file@example.com')).toBe(0);
    const [log] = await h.logs(notificationId);
    expect(log.provider_response.message_id).toBe(`<${notificationId}@mail.herald.test>`);
  });

  it('when the file host answers 500 and then the file, then it is downloaded again at the retry and delivered', async () => {
    const project = await h.project();
    const body = randomBytes(5000);
    const url = files.route('/flaky.bin', (_req, res, nth) => (nth === 1 ? res.writeHead(500).end('oops') : res.writeHead(200).end(body)));
    const { message, notificationId } = await anEmail(project.project_id)
      .to('flaky-file@example.com')
      .withContent(content)
      .withAttachments({ filename: 'flaky.bin', url, size_bytes: body.length })
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    expect((await h.logs(notificationId)).map((l) => [l.status, l.error])).toEqual([
      ['retrying', 'attachment "flaky.bin": the file host answered HTTP 500'],
      ['delivered', null],
    ]);
    expect(files.hits('/flaky.bin')).toBe(2);
    expect(smtp.for('flaky-file@example.com')[0].parsed.attachments[0].content.equals(body)).toBe(true);
  });

  it('when the file host redirects, then the redirect is not followed and the notification fails permanently', async () => {
    const project = await h.project();
    files.file('/target.pdf', Buffer.from('x'));
    const url = files.route('/moved.pdf', (_req, res) => res.writeHead(302, { Location: `${files.origin}/target.pdf` }).end());
    const { message, notificationId } = await anEmail(project.project_id)
      .to('redirected@example.com')
      .withContent(content)
      .withAttachments({ filename: 'moved.pdf', url, size_bytes: 1 })
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect((await h.notification(notificationId)).last_error).toBe(
      'attachment "moved.pdf": the file host answered HTTP 302 (a redirect; redirects are not followed)',
    );
    expect(files.hits('/target.pdf')).toBe(0);
    expect(smtp.rcptCount('redirected@example.com')).toBe(0);
  });

  it('when a file turns out larger than declared and the total passes 30 MB while streaming, then it fails permanently', async () => {
    const project = await h.project();
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const url = files.route('/huge.bin', (_req, res) => {
      // No Content-Length: the size is only known by streaming it.
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      let sent = 0;
      const pump = () => {
        while (sent < 40 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return;
        }
        if (sent >= 40) res.end();
      };
      res.on('drain', pump);
      pump();
    });
    const { message, notificationId } = await anEmail(project.project_id)
      .to('huge@example.com')
      .withContent(content)
      .withAttachments({ filename: 'huge.bin', url, size_bytes: 1000 })
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect((await h.notification(notificationId)).last_error).toBe(
      'attachment "huge.bin": attachments exceed 30 MB in all (the email would pass 40 MB encoded)',
    );
    expect(smtp.rcptCount('huge@example.com')).toBe(0);
  });
});
