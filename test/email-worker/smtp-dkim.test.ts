import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { startEmailWorker } from '../../services/email-worker/src/app';
import { ChannelWorkerHarness } from '../support/channel-worker.harness';
import { eventually } from '../support/eventually';
import { anEmail } from '../support/notification.builder';
import { SmtpSink } from '../support/smtp-sink';

/** A key made for this run: no key file is committed. */
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SELECTOR = 'herald2026';
const DOMAIN = 'herald.test';
/** The TXT record an operator would publish at <selector>._domainkey.<domain>. */
const TXT = `v=DKIM1; k=rsa; p=${keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** DNS for the verifier: only our selector's record exists. */
async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[TXT]];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

const verify = async (raw: Buffer | string) => (await dkimVerify(raw, { resolver })).results;

/** Real worker signing with nodemailer's DKIM signer, a real SMTP server, and mailauth as the independent verifier. */
describe('email worker over SMTP with DKIM', () => {
  let smtp: SmtpSink;
  let h: ChannelWorkerHarness;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    h = await ChannelWorkerHarness.start('email', startEmailWorker, {
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'notifications@mail.herald.test',
      SMTP_EHLO_NAME: 'mx-out.herald.test',
      DKIM_DOMAIN: DOMAIN,
      DKIM_SELECTOR: SELECTOR,
      DKIM_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    });
  });

  afterAll(async () => {
    await h.stop();
    await smtp.stop();
  });

  it('when an email is sent, then its DKIM signature verifies for the From domain, and no longer verifies once the body is altered', async () => {
    const project = await h.project();
    const { message, notificationId } = await anEmail(project.project_id)
      .to('dkim@example.com')
      .withContent({ subject: 'Signed — café', html: '<p>Your code is <b>424242</b>.</p>', text: 'Your code is 424242.' })
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    const [mail] = smtp.for('dkim@example.com');
    const [signature] = await verify(mail.raw);
    expect(signature).toMatchObject({ signingDomain: DOMAIN, selector: SELECTOR, status: { result: 'pass', aligned: DOMAIN } });
    // Auto-Submitted and the Message-ID are covered, so a relay cannot strip or change them unnoticed.
    const headers = mail.raw
      .toString('utf8')
      .split('\r\n\r\n')[0]
      .replace(/\r\n[ \t]+/g, ' ');
    const signed = /^DKIM-Signature:.*?\bh=([^;]+)/im.exec(headers)?.[1].toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['from', 'subject', 'message-id', 'auto-submitted']));

    const tampered = mail.raw.toString('utf8').replace('424242', '000000');
    expect(tampered).not.toBe(mail.raw.toString('utf8'));
    const [broken] = await verify(tampered);
    expect(broken.status).toMatchObject({ result: 'neutral', comment: 'body hash did not verify' });
  });

  it('when SMTP_EHLO_NAME is set, then the server sees that name in EHLO', async () => {
    const project = await h.project();
    const { message, notificationId } = await anEmail(project.project_id)
      .to('ehlo@example.com')
      .withContent({ subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' })
      .insert(h.db);
    await h.publish(message);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    expect(smtp.for('ehlo@example.com')[0].ehloName).toBe('mx-out.herald.test');
  });
});
