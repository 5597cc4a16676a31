import { REDACTED, redactUrl, type Config } from '@herald/config';
import { CHANNELS, type Channel } from '@herald/contracts';

export const MASK = REDACTED;

/**
 * Settings that the email and SMS providers add to Config (issue 3). They are read by name, so
 * this view shows them when the running build has them and null when it does not.
 */
type ProviderSetting =
  | 'SES_ENDPOINT'
  | 'AWS_REGION'
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
  | 'TWILIO_ACCOUNT_SID'
  | 'TWILIO_AUTH_TOKEN'
  | 'TWILIO_FROM_NUMBER'
  | 'TWILIO_API_BASE_URL';

function setting(config: Config, name: ProviderSetting): string | null {
  const value = (config as unknown as Partial<Record<ProviderSetting, unknown>>)[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A secret is shown only as set (`****`) or not set (null). */
const secret = (value: string | null): string | null => (value === null ? null : MASK);

/** URLs are shown without their user name, password or credential-like query values. */
const url = (value: string | null): string | null => (value === null ? null : redactUrl(value));

/** Identifiers that are not secret but not for display either: the last four characters only. */
const lastFour = (value: string | null): string | null => (value === null ? null : `${MASK}${value.slice(-4)}`);

/** What the delivery workers run with, secrets masked (URLs too); only the configured email provider's block is shown. */
export function channelSettings(config: Config) {
  const email =
    config.EMAIL_PROVIDER === 'smtp'
      ? { provider: 'smtp' as const, from: config.EMAIL_FROM, smtp: { url: redactUrl(config.SMTP_URL) } }
      : {
          provider: 'ses' as const,
          from: config.EMAIL_FROM,
          ses: {
            endpoint: url(setting(config, 'SES_ENDPOINT')),
            region: setting(config, 'AWS_REGION'),
            access_key_id: lastFour(setting(config, 'AWS_ACCESS_KEY_ID')),
            secret_access_key: secret(setting(config, 'AWS_SECRET_ACCESS_KEY')),
          },
        };
  return {
    email,
    sms: {
      provider: 'twilio' as const,
      account_sid: lastFour(setting(config, 'TWILIO_ACCOUNT_SID')),
      auth_token: secret(setting(config, 'TWILIO_AUTH_TOKEN')),
      from_number: setting(config, 'TWILIO_FROM_NUMBER'),
      api_base_url: url(setting(config, 'TWILIO_API_BASE_URL')),
    },
    webhook: {
      timeout_ms: config.WEBHOOK_TIMEOUT_MS,
      max_response_bytes: config.WEBHOOK_MAX_RESPONSE_BYTES,
      prefetch: config.WEBHOOK_PREFETCH,
      signature_header: 'X-Herald-Signature-256',
      ssrf_allow_cidrs: config.SSRF_ALLOW_CIDRS,
    },
  };
}

/** config.retryPolicies in snake_case, per channel. */
export function retryPolicies(config: Config) {
  return Object.fromEntries(
    CHANNELS.map((channel) => {
      const p = config.retryPolicies[channel];
      return [
        channel,
        { max_attempts: p.maxAttempts, base_delay_ms: p.baseDelayMs, max_delay_ms: p.maxDelayMs, backoff: 'exponential_full_jitter' },
      ];
    }),
  ) as Record<Channel, { max_attempts: number; base_delay_ms: number; max_delay_ms: number; backoff: string }>;
}
