import { loadConfig } from './config';
import { ConfigError } from './config-error';
import { awsCredentials, twilioSettings } from './provider-settings';

const key = Buffer.alloc(32, 1).toString('base64');
const config = (env: Record<string, string>) => loadConfig({ HERALD_SECRETS_KEY: key, ...env });
const SID = `AC${'a'.repeat(32)}`;

describe('email and sms provider settings', () => {
  it('when nothing is set, then the email defaults apply and SES uses the default credential chain', () => {
    const c = config({});
    expect(c).toMatchObject({ EMAIL_PROVIDER: 'smtp', SMTP_POOL_SIZE: 5, EMAIL_PREFETCH: 16, SMS_PREFETCH: 32, AWS_REGION: 'us-east-1' });
    expect(c.SNS_TOPIC_ARNS).toEqual([]);
    expect(awsCredentials(c)).toBeUndefined();
  });

  it('when both AWS keys are set, then they are the credentials; one alone is a configuration error naming the other', () => {
    expect(awsCredentials(config({ AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 's' }))).toEqual({
      accessKeyId: 'id',
      secretAccessKey: 's',
    });
    expect(() => awsCredentials(config({ AWS_ACCESS_KEY_ID: 'id' }))).toThrow(
      new ConfigError('AWS_SECRET_ACCESS_KEY must be set together with the other AWS key'),
    );
  });

  it('when optional provider variables are set but empty (compose files), then they count as unset', () => {
    const c = config({ TWILIO_ACCOUNT_SID: '', TWILIO_FROM_NUMBER: '', SES_ENDPOINT: '', AWS_ACCESS_KEY_ID: '', AWS_REGION: '' });
    expect(c).toMatchObject({ TWILIO_ACCOUNT_SID: undefined, SES_ENDPOINT: undefined, AWS_REGION: 'us-east-1' });
    expect(awsCredentials(c)).toBeUndefined();
  });

  it('when Twilio is fully configured, then the sms-worker gets its settings', () => {
    const c = config({
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM_NUMBER: '+14155550100',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:1',
    });
    expect(twilioSettings(c)).toEqual({ accountSid: SID, authToken: 't', fromNumber: '+14155550100', apiBaseUrl: 'http://127.0.0.1:1' });
  });

  it('when a Twilio setting is missing, then the sms-worker start fails naming it', () => {
    expect(() => twilioSettings(config({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 't' }))).toThrow(
      new ConfigError('TWILIO_FROM_NUMBER is required by the sms-worker'),
    );
  });

  it.each([
    [{ TWILIO_ACCOUNT_SID: 'SK123' }, /^TWILIO_ACCOUNT_SID="SK123" is invalid/],
    [{ TWILIO_FROM_NUMBER: '555-0100' }, /^TWILIO_FROM_NUMBER="555-0100" is invalid/],
    [{ SES_ENDPOINT: 'not a url' }, /^SES_ENDPOINT="not a url" is invalid/],
    [{ SMTP_POOL_SIZE: '0' }, /^SMTP_POOL_SIZE="0" is invalid/],
    [{ SNS_TOPIC_ARNS: 'herald-feedback' }, /^SNS_TOPIC_ARNS="herald-feedback" is invalid: expected arn:aws:sns:/],
    [
      { SNS_TRUSTED_CERT_URL_PREFIX: 'http://u:p@127.0.0.1:9/' },
      /^SNS_TRUSTED_CERT_URL_PREFIX=.* is invalid: expected an http\(s\) URL without/,
    ],
    [{ SNS_TRUSTED_CERT_URL_PREFIX: 'ftp://127.0.0.1/' }, /^SNS_TRUSTED_CERT_URL_PREFIX="ftp:\/\/127.0.0.1\/" is invalid/],
  ])('when %j, then one line names the variable', (env, message) => {
    expect(() => config(env)).toThrow(message);
  });

  it('when EMAIL_PROVIDER=ses has no SNS_TOPIC_ARNS, then start fails naming it; with topics it loads', () => {
    expect(() => config({ EMAIL_PROVIDER: 'ses' })).toThrow(ConfigError);
    expect(() => config({ EMAIL_PROVIDER: 'ses', SNS_TOPIC_ARNS: ' ' })).toThrow(/^SNS_TOPIC_ARNS is required when EMAIL_PROVIDER=ses/);
    const arns = 'arn:aws:sns:eu-west-1:123456789012:a, arn:aws-cn:sns:cn-north-1:123456789012:b.fifo';
    expect(config({ EMAIL_PROVIDER: 'ses', SNS_TOPIC_ARNS: arns }).SNS_TOPIC_ARNS).toEqual([
      'arn:aws:sns:eu-west-1:123456789012:a',
      'arn:aws-cn:sns:cn-north-1:123456789012:b.fifo',
    ]);
  });
});
