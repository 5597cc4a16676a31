import request from 'supertest';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { aProject } from '../../support/projects';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';

/** Credentials an operator put into URLs; none may come back from the API. */
const SECRETS = ['smtp-user-7', 'smtp-pass-7', 'AC0123user', 'tw-pass-7'];
const config = testConfig({
  SMTP_URL: 'smtp://smtp-user-7:smtp-pass-7@smtp.example.com:587',
  TWILIO_API_BASE_URL: 'http://AC0123user:tw-pass-7@127.0.0.1:18499',
});
let system: RunningSystem;

beforeAll(async () => {
  system = await startSystem(config);
});
afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
});

describe('GET /settings/channels with credentials in the configured URLs', () => {
  it('when SMTP_URL and TWILIO_API_BASE_URL hold a user and password, then both show as **** and the hosts stay readable', async () => {
    const p = await aProject(system.api.db, config);
    const res = await request(system.api.baseUrl.replace(/\/api\/v1$/, ''))
      .get('/api/v1/settings/channels')
      .set('X-API-Key', p.api_key);
    expect(res.status).toBe(200);
    expect(res.body.email.smtp).toEqual({ url: 'smtp://****:****@smtp.example.com:587' });
    expect(res.body.sms.api_base_url).toBe('http://****:****@127.0.0.1:18499/');
    for (const secret of SECRETS) expect(res.text).not.toContain(secret);
  });
});
