import { ConfigError } from '@herald/config';
import { createLogger } from '@herald/logger';
import { startSmsWorker } from '../../services/sms-worker/src/app';
import { ChannelWorkerHarness } from '../support/channel-worker.harness';
import { eventually } from '../support/eventually';
import { anSms } from '../support/notification.builder';
import { testConfig } from '../support/test-env';
import { TwilioServer } from '../support/twilio-server';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'test-auth-token';
const FROM = '+14155550100';

/** The real twilio SDK against a local Twilio-compatible server; retries use the test policy (3 attempts, 50-200 ms). */
describe('sms worker over Twilio', () => {
  let twilio: TwilioServer;
  let h: ChannelWorkerHarness;

  beforeAll(async () => {
    twilio = await TwilioServer.start(ACCOUNT_SID, AUTH_TOKEN);
    h = await ChannelWorkerHarness.start('sms', startSmsWorker, {
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: FROM,
      TWILIO_API_BASE_URL: twilio.baseUrl,
    });
  });

  afterAll(async () => {
    await h.stop();
    await twilio.stop();
  });

  async function sms(to: string, text = 'Your code is 123456 — café') {
    const project = await h.project();
    const built = await anSms(project.project_id).to(to).withContent({ text }).insert(h.db);
    await h.publish(built.message);
    return { project, ...built };
  }

  it('when Twilio accepts, then the rendered text is sent from the configured number and the SID is logged', async () => {
    const { notificationId, eventId } = await sms('+14155550111');

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    const [req] = twilio.for('+14155550111');
    expect(req.form).toEqual({ To: '+14155550111', From: FROM, Body: 'Your code is 123456 — café' });
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.headers['user-agent']).toMatch(/^twilio-node\//);
    const [log] = await h.logs(notificationId);
    expect(log).toMatchObject({ attempt: 1, status: 'delivered', error: null });
    expect(log.provider_response).toMatchObject({
      provider: 'twilio',
      message_id: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      status: 'queued',
      segments: 1,
    });
    expect(await h.event(eventId)).toMatchObject({ status: 'completed', delivered_count: 1 });
  });

  it.each([
    [429, 20429, 'Too Many Requests'],
    [503, undefined, 'Service Unavailable'],
  ])('when Twilio answers %i once, then the attempt is retried and then delivered', async (status, code, message) => {
    const to = `+1415555${status}1`;
    twilio.respondWith((req, nth) => (req.form.To === to && nth === 1 ? { status, code, message } : undefined));
    const { notificationId } = await sms(to);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('delivered'));
    expect((await h.logs(notificationId)).map((l) => [l.status, l.error])).toEqual([
      ['retrying', `Twilio ${code ?? 'error'} (HTTP ${status}): ${message}`],
      ['delivered', null],
    ]);
    expect(twilio.for(to)).toHaveLength(2);
  });

  it('when the number is invalid (21211), then it fails permanently after one attempt, without a suppression', async () => {
    const to = '+14155550122';
    twilio.respondWith((req) =>
      req.form.To === to ? { status: 400, code: 21211, message: `The 'To' number ${to} is not a valid phone number.` } : undefined,
    );
    const { notificationId, project } = await sms(to);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect((await h.notification(notificationId)).last_error).toBe(
      `Twilio 21211 (HTTP 400): The 'To' number ${to} is not a valid phone number.`,
    );
    expect((await h.deadLetterRows(notificationId))[0]).toMatchObject({ error_type: 'permanent_failure', channel: 'sms' });
    const [log] = await h.logs(notificationId);
    expect(log.provider_response).toMatchObject({
      status_code: 400,
      error_code: 21211,
      more_info: 'https://www.twilio.com/docs/errors/21211',
    });
    expect(await h.suppressions(project.project_id)).toEqual([]);
    expect(twilio.for(to)).toHaveLength(1);
  });

  it('when the recipient opted out (21610), then it fails permanently and the number is suppressed on sms (manual, system)', async () => {
    const to = '+14155550133';
    twilio.respondWith((req) =>
      req.form.To === to ? { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' } : undefined,
    );
    const { notificationId, project, eventId } = await sms(to);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect(await h.suppressions(project.project_id)).toEqual([{ channel: 'sms', recipient: to, reason: 'manual', source: 'system' }]);
    expect(await h.event(eventId)).toMatchObject({ status: 'failed', failed_count: 1 });
  });

  it('when Twilio keeps failing with 500, then the notification is dead-lettered as retries_exhausted', async () => {
    const to = '+14155550144';
    twilio.respondWith((req) => (req.form.To === to ? { status: 500, message: 'Internal Server Error' } : undefined));
    const { notificationId } = await sms(to);

    await eventually(async () => expect((await h.notification(notificationId)).status).toBe('failed'));
    expect(await h.notification(notificationId)).toMatchObject({
      retry_count: 2,
      last_error: 'gave up after 3 attempts: Twilio error (HTTP 500): Internal Server Error',
    });
    expect((await h.deadLetterRows(notificationId))[0]).toMatchObject({ error_type: 'retries_exhausted' });
  });
});

describe('sms worker configuration', () => {
  it('when the Twilio credentials are missing, then the worker refuses to start with one line naming the variable', async () => {
    const config = testConfig();
    await expect(startSmsWorker(config, createLogger('sms-worker-test', 'silent'))).rejects.toThrow(
      new ConfigError('TWILIO_ACCOUNT_SID is required by the sms-worker'),
    );
  });
});
