import { loadConfig, type Config } from '@herald/config';
import { channelSettings, retryPolicies } from './settings.view';

const base = loadConfig({ HERALD_SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') });

describe('settings view', () => {
  it('when SMTP_URL holds a user and password, then both are masked and the host kept', () => {
    const settings = channelSettings({ ...base, SMTP_URL: 'smtp://mailer:s3cret@mail.example.com:587' });
    expect(settings.email).toMatchObject({ smtp: { url: 'smtp://****:****@mail.example.com:587' } });
    expect(channelSettings(base).email).toMatchObject({ smtp: { url: 'smtp://127.0.0.1:1025' } });
  });

  it('when the SES endpoint and Twilio base URL carry credentials, then they are masked', () => {
    const config = {
      ...base,
      EMAIL_PROVIDER: 'ses',
      SES_ENDPOINT: 'https://ak:sk@ses.internal:4566',
      TWILIO_API_BASE_URL: 'http://AC0123:tw-token@127.0.0.1:18400',
    } as unknown as Config;
    const settings = channelSettings(config);
    expect(settings.email).toMatchObject({ ses: { endpoint: 'https://****:****@ses.internal:4566/' } });
    expect(settings.sms.api_base_url).toBe('http://****:****@127.0.0.1:18400/');
    expect(JSON.stringify(settings)).not.toMatch(/tw-token|AC0123|ak:sk/);
  });

  it('when SES and Twilio credentials are configured, then secrets show as **** and ids by their last four characters', () => {
    const config = {
      ...base,
      EMAIL_PROVIDER: 'ses',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'tok-secret',
      TWILIO_FROM_NUMBER: '+15005550006',
    } as unknown as Config;
    const settings = channelSettings(config);
    expect(settings.email).toEqual({
      provider: 'ses',
      from: 'notifications@herald.localhost',
      ses: { endpoint: null, region: 'eu-west-1', access_key_id: '****MPLE', secret_access_key: '****' },
    });
    expect(settings.sms).toEqual({
      provider: 'twilio',
      account_sid: '****cdef',
      auth_token: '****',
      from_number: '+15005550006',
      api_base_url: null,
    });
    expect(JSON.stringify(settings)).not.toMatch(/wJalrXUtnFEMI|tok-secret|AKIAIOSFODNN7/);
  });

  it('when per-channel retry overrides exist, then the policies show them in snake_case', () => {
    const config = loadConfig({ HERALD_SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'), SMS_RETRY_MAX_ATTEMPTS: '4' });
    expect(retryPolicies(config)).toEqual({
      email: { max_attempts: 8, base_delay_ms: 5000, max_delay_ms: 3_600_000, backoff: 'exponential_full_jitter' },
      sms: { max_attempts: 4, base_delay_ms: 5000, max_delay_ms: 3_600_000, backoff: 'exponential_full_jitter' },
      webhook: { max_attempts: 8, base_delay_ms: 5000, max_delay_ms: 3_600_000, backoff: 'exponential_full_jitter' },
    });
  });
});
