import request from 'supertest';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { aProject } from '../../support/projects';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';

const config = testConfig({ SMTP_URL: 'smtp://mailer:hunter2@smtp.example.com:587', EMAIL_FROM: 'notify@acme.example' });
let system: RunningSystem;

beforeAll(async () => {
  system = await startSystem(config);
});
afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
});

const http = (baseUrl = system.api.baseUrl) => request(baseUrl.replace(/\/api\/v1$/, ''));

describe('settings', () => {
  it('when reading the channel settings, then the effective values come back with the SMTP user and password masked', async () => {
    const p = await aProject(system.api.db, config);
    const res = await http().get('/api/v1/settings/channels').set('X-API-Key', p.api_key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: { provider: 'smtp', from: 'notify@acme.example', smtp: { url: 'smtp://****:****@smtp.example.com:587' } },
      sms: expect.objectContaining({ provider: 'twilio' }),
      webhook: {
        timeout_ms: 2000,
        max_response_bytes: 65536,
        prefetch: 64,
        signature_header: 'X-Herald-Signature-256',
        ssrf_allow_cidrs: ['127.0.0.0/8'],
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });

  it('when reading the retry policies, then each channel shows the configured policy in snake_case', async () => {
    const p = await aProject(system.api.db, config);
    const res = await http().get('/api/v1/settings/retry-policies').set('X-API-Key', p.api_key);
    const policy = { max_attempts: 3, base_delay_ms: 50, max_delay_ms: 200, backoff: 'exponential_full_jitter' };
    expect(res.body).toEqual({ email: policy, sms: policy, webhook: policy });
  });

  it('when a key lacks settings:read, then both are 403', async () => {
    const p = await aProject(system.api.db, config, ['settings:write']);
    for (const path of ['/api/v1/settings/channels', '/api/v1/settings/retry-policies']) {
      const res = await http().get(path).set('X-API-Key', p.api_key);
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/settings:read/);
    }
  });
});
