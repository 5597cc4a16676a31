import type { Config } from './config';
import { ConfigError } from './config-error';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** Replaces https://api.twilio.com (tests point it at a local Twilio-compatible server). */
  apiBaseUrl?: string;
}

/** What the sms-worker cannot start without; other services never need it. */
export function twilioSettings(config: Config): TwilioSettings {
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const) {
    if (!config[name]) throw new ConfigError(`${name} is required by the sms-worker`);
  }
  return {
    accountSid: config.TWILIO_ACCOUNT_SID!,
    authToken: config.TWILIO_AUTH_TOKEN!,
    fromNumber: config.TWILIO_FROM_NUMBER!,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
  };
}

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * Static keys when both are set; undefined leaves the AWS SDK's default chain (instance or pod
 * role, shared config). One key without the other is a mistake, reported at start.
 */
export function awsCredentials(config: Config): AwsCredentials | undefined {
  const { AWS_ACCESS_KEY_ID: id, AWS_SECRET_ACCESS_KEY: secret, AWS_SESSION_TOKEN: token } = config;
  if (!id && !secret) return undefined;
  if (!id || !secret)
    throw new ConfigError(`${id ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'} must be set together with the other AWS key`);
  return token ? { accessKeyId: id, secretAccessKey: secret, sessionToken: token } : { accessKeyId: id, secretAccessKey: secret };
}
