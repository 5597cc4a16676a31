import { twilioSettings, type Config } from '@herald/config';
import { startDeliveryWorker, type DeliveryWorker } from '@herald/delivery';
import type { Logger } from '@herald/logger';
import twilio from 'twilio';
import { BaseUrlRequestClient } from './providers/base-url.request-client';
import { TwilioSmsProvider } from './providers/twilio.sms-provider';

export type SmsWorker = DeliveryWorker;

/** Wires the SMS worker (Twilio) and starts consuming the sms queue; missing Twilio settings stop it at start. */
export async function startSmsWorker(config: Config, logger: Logger): Promise<SmsWorker> {
  const settings = twilioSettings(config);
  const http = { timeout: config.SMS_TIMEOUT_MS, keepAlive: true };
  const client = twilio(settings.accountSid, settings.authToken, {
    // Retries are ours (backoff, budget, dead-lettering), never the SDK's.
    autoRetry: false,
    httpClient: settings.apiBaseUrl ? new BaseUrlRequestClient(settings.apiBaseUrl, http) : new twilio.RequestClient(http),
  });
  return startDeliveryWorker(config, logger, {
    channel: 'sms',
    prefetch: config.SMS_PREFETCH,
    provider: new TwilioSmsProvider(client, settings.fromNumber),
  });
}
