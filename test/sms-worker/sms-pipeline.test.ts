import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startSmsWorker } from '../../services/sms-worker/src/app';
import { deleteTestTopology } from '../support/amqp-cleanup';
import { eventually } from '../support/eventually';
import { aProject } from '../support/projects';
import { startSystem, type RunningSystem } from '../support/system';
import { testConfig } from '../support/test-env';
import { TwilioServer } from '../support/twilio-server';

const ACCOUNT_SID = `AC${'f'.repeat(32)}`;
let twilio: TwilioServer;
let config: ReturnType<typeof testConfig>;
let system: RunningSystem;
let project: Awaited<ReturnType<typeof aProject>>;

beforeAll(async () => {
  twilio = await TwilioServer.start(ACCOUNT_SID, 'token');
  config = testConfig({
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_BASE_URL: twilio.baseUrl,
  });
  system = await startSystem(config, [(c) => startSmsWorker(c, createLogger('sms-worker', c.LOG_LEVEL))]);
  project = await aProject(system.api.db, config);
});

afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
  await twilio.stop();
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));

describe('event in, SMS out', () => {
  it('when an event uses an sms template, then Twilio receives the rendered text and the API shows the SID', async () => {
    const template = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', project.api_key)
      .send({ name: 'login-code', channel: 'sms', body: 'Your code is {{code}}. It expires in {{minutes}} minutes.' });
    expect(template.status).toBe(201);

    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', project.api_key)
      .send({
        event_type: 'auth.code',
        recipients: [{ channels: ['sms'], phone: '+14155550199' }],
        payload: { code: '<123456>', minutes: 10 },
        template_name: 'login-code',
      });
    expect(res.status).toBe(202);

    const event = await eventually(async () => {
      const detail = await http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', project.api_key);
      expect(detail.body.status).toBe('completed');
      return detail.body;
    });
    const [sent] = twilio.for('+14155550199');
    // SMS bodies are never HTML-escaped.
    expect(sent.form.Body).toBe('Your code is <123456>. It expires in 10 minutes.');
    const detail = await http().get(`/api/v1/notifications/${event.notifications[0].id}`).set('X-API-Key', project.api_key);
    expect(detail.body.notification_logs).toEqual([
      expect.objectContaining({
        status: 'delivered',
        provider_response: expect.objectContaining({ message_id: expect.stringMatching(/^SM/) }),
      }),
    ]);
  });
});
