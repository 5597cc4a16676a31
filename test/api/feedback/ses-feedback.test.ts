import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startEmailWorker } from '../../../services/email-worker/src/app';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { eventually } from '../../support/eventually';
import { aProject } from '../../support/projects';
import { SesServer } from '../../support/ses-server';
import { FakeSns } from '../../support/sns-signer';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';

type Project = Awaited<ReturnType<typeof aProject>>;

let ses: SesServer;
let sns: FakeSns;
/** Another party's SNS look-alike: its own key and certificate, on a port of its own. */
let attacker: FakeSns;
let config: ReturnType<typeof testConfig>;
let system: RunningSystem;

beforeAll(async () => {
  ses = await SesServer.start();
  sns = await FakeSns.start();
  attacker = await FakeSns.start();
  config = testConfig({
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.endpoint,
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'secret',
    EMAIL_FROM: 'notify@mail.herald.test',
    // Written without the trailing slash, as an operator may: a string-prefix check then trusts userinfo tricks.
    SNS_TRUSTED_CERT_URL_PREFIX: sns.trustedPrefix.replace(/\/$/, ''),
    SNS_TOPIC_ARNS: sns.topicArn,
  });
  system = await startSystem(config, [(c) => startEmailWorker(c, createLogger('email-worker', c.LOG_LEVEL))]);
});

afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
  await ses.stop();
  await sns.stop();
  await attacker.stop();
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));
const postSns = (body: unknown) =>
  http().post('/api/v1/feedback/ses').set('Content-Type', 'text/plain; charset=UTF-8').send(JSON.stringify(body));

/** Sends one email through the real pipeline (API, fan-out, SES worker) and returns the ids SES feedback would name. */
async function sendEmail(project: Project, to: string) {
  const res = await http()
    .post('/api/v1/events')
    .set('X-API-Key', project.api_key)
    .send({
      event_type: 'welcome',
      recipients: [{ channels: ['email'], email: to }],
      payload: {},
      inline: { subject: 'Hi', html: '<p>Hi</p>' },
    });
  expect(res.status).toBe(202);
  return eventually(async () => {
    const { rows } = await system.api.db.query(
      `SELECT l.provider_response FROM notification_logs l JOIN notifications n ON n.id = l.notification_id
        WHERE n.event_id = $1 AND l.status = 'delivered'`,
      [res.body.id],
    );
    expect(rows).toHaveLength(1);
    return rows[0].provider_response as { message_id: string; ses_message_id: string };
  });
}

async function suppressions(project: Project) {
  const res = await http().get('/api/v1/suppressions?channel=email').set('X-API-Key', project.api_key);
  expect(res.status).toBe(200);
  return res.body.items.map((s: Record<string, string>) => ({ recipient: s.recipient, reason: s.reason, source: s.source }));
}

function bounce(sesMessageId: string, recipient: string, bounceType = 'Permanent') {
  return {
    notificationType: 'Bounce',
    bounce: { bounceType, bounceSubType: 'General', bouncedRecipients: [{ emailAddress: recipient, status: '5.1.1' }] },
    mail: { messageId: sesMessageId, destination: [recipient] },
  };
}

describe('POST /feedback/ses', () => {
  it('when SNS asks to confirm a subscription with a valid signature, then the SubscribeURL is fetched', async () => {
    const res = await postSns(sns.subscriptionConfirmation('tok-42'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ outcome: 'subscription_confirmed' });
    expect(sns.confirmations).toEqual(['/confirm?Action=ConfirmSubscription&Token=tok-42']);
  });

  it('when a signed permanent bounce names a message Herald sent, then its recipient is suppressed in the sending project only', async () => {
    const sender = await aProject(system.api.db, config);
    const bystander = await aProject(system.api.db, config);
    const sent = await sendEmail(sender, 'Bounced@Example.com');
    await sendEmail(bystander, 'bounced@example.com');

    const res = await postSns(sns.notification(bounce(sent.ses_message_id, 'bounced@example.com')));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ outcome: 'suppressed', suppressed: 1 });
    expect(await suppressions(sender)).toEqual([{ recipient: 'bounced@example.com', reason: 'hard_bounce', source: 'system' }]);
    expect(await suppressions(bystander)).toEqual([]);

    // SNS delivers at least once: the same notification again changes nothing.
    const again = await postSns(sns.notification(bounce(sent.ses_message_id, 'bounced@example.com')));
    expect(again.body).toEqual({ outcome: 'suppressed', suppressed: 0 });
  });

  it('when a signed complaint (SignatureVersion 2) names our Message-ID in the original headers, then it suppresses as spam_complaint', async () => {
    const project = await aProject(system.api.db, config);
    const sent = await sendEmail(project, 'complainer@example.com');
    const complaint = {
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'complainer@example.com' }], complaintFeedbackType: 'abuse' },
      mail: { messageId: 'not-the-ses-id', headers: [{ name: 'Message-ID', value: sent.message_id }] },
    };
    const res = await postSns(sns.notification(complaint, { version: '2' }));
    expect(res.body).toEqual({ outcome: 'suppressed', suppressed: 1 });
    expect(await suppressions(project)).toEqual([{ recipient: 'complainer@example.com', reason: 'spam_complaint', source: 'system' }]);
  });

  it('when the bounce names another address than the one Herald sent to, then nothing is suppressed', async () => {
    const project = await aProject(system.api.db, config);
    const sent = await sendEmail(project, 'real@example.com');
    const res = await postSns(sns.notification(bounce(sent.ses_message_id, 'someone-else@example.com')));
    expect(res.body).toEqual({ outcome: 'suppressed', suppressed: 0 });
    expect(await suppressions(project)).toEqual([]);
  });

  it('when the message was tampered with after signing, then it is refused with 403 and nothing changes', async () => {
    const project = await aProject(system.api.db, config);
    const sent = await sendEmail(project, 'victim@example.com');
    const signed = sns.notification(bounce(sent.ses_message_id, 'victim@example.com', 'Transient'), {
      tamper: { Message: JSON.stringify(bounce(sent.ses_message_id, 'victim@example.com', 'Permanent')) },
    });
    const res = await postSns(signed);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'SNS signature does not verify' });
    expect(await suppressions(project)).toEqual([]);
  });

  it('when the certificate URL is not an SNS host, then it is refused without being fetched', async () => {
    const res = await postSns(
      sns.notification(bounce('x', 'a@example.com'), { certUrl: 'https://attacker.example/SimpleNotificationService.pem' }),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'SNS SigningCertURL is not an SNS certificate URL' });
  });

  it('when a signed bounce is transient, or names a message Herald never sent, then it is acknowledged and ignored', async () => {
    const transient = await postSns(sns.notification(bounce('whatever', 'a@example.com', 'Transient')));
    expect(transient.body).toEqual({ outcome: 'ignored', detail: 'Transient bounces do not suppress' });
    const unknown = await postSns(sns.notification(bounce('0100018c-never-sent', 'a@example.com')));
    expect(unknown.body).toEqual({ outcome: 'ignored', detail: 'no message Herald sent matches this notification' });
  });

  it('when the body is not an SNS message, then it is a 422', async () => {
    const res = await postSns({ hello: 'world' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body'], msg: expect.stringMatching(/^not an SNS message/) });
  });

  it('when a signed bounce is more than an hour old, then it is refused with 403 before any certificate is fetched', async () => {
    const project = await aProject(system.api.db, config);
    const sent = await sendEmail(project, 'replayed@example.com');
    const fetches = sns.certificateFetches;
    const stale = new Date(Date.now() - 61 * 60_000).toISOString();
    const res = await postSns(sns.notification(bounce(sent.ses_message_id, 'replayed@example.com'), { timestamp: stale }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'SNS Timestamp is more than an hour old' });
    expect(sns.certificateFetches).toBe(fetches);
    expect(await suppressions(project)).toEqual([]);
  });

  it('when a signed bounce is dated well in the future, then it is refused with 403', async () => {
    const future = new Date(Date.now() + 30 * 60_000).toISOString();
    const res = await postSns(sns.notification(bounce('x', 'a@example.com'), { timestamp: future }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'SNS Timestamp is in the future' });
  });

  it('when the certificate URL starts with the trusted prefix but names another host (userinfo trick), then it is refused unfetched', async () => {
    const project = await aProject(system.api.db, config);
    const sent = await sendEmail(project, 'target@example.com');
    // http://127.0.0.1:<trusted port>@127.0.0.1:<attacker port>/...: the host is the attacker's.
    const certUrl = attacker.certUrl.replace('http://', `${config.SNS_TRUSTED_CERT_URL_PREFIX}@`);
    expect(certUrl.startsWith(config.SNS_TRUSTED_CERT_URL_PREFIX!)).toBe(true);
    const forged = attacker.notification(bounce(sent.ses_message_id, 'target@example.com'), { certUrl });
    const res = await postSns(forged);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'SNS SigningCertURL is not an SNS certificate URL' });
    expect(attacker.certificateFetches).toBe(0);
    expect(await suppressions(project)).toEqual([]);
  });

  it('when a message names a topic not in SNS_TOPIC_ARNS, then it is refused with 403', async () => {
    const other = 'arn:aws:sns:eu-west-1:999999999999:someone-else';
    const res = await postSns(sns.notification(bounce('x', 'a@example.com'), { tamper: { TopicArn: other } }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: `topic ${other} is not accepted` });
  });
});
