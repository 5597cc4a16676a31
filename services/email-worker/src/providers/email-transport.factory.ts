import { awsCredentials, dkimSettings, smtpEhloName, type Config } from '@herald/config';
import type { EmailTransport } from '../domain/email-transport.port';
import { SmtpTransport } from './smtp.transport';

/**
 * The transport EMAIL_PROVIDER names. The SES SDK is imported only when SES is the provider: it
 * costs ~18 MB of RSS at start and ~4 MB of live heap, which an SMTP worker carries for nothing
 * (V8 lets the old generation grow to a multiple of the live heap before collecting it).
 */
export function createEmailTransport(config: Config): EmailTransport {
  // Read first, whichever the provider: a bad key or a DKIM setting SES would ignore stops the start.
  const dkim = dkimSettings(config);
  if (config.EMAIL_PROVIDER === 'ses') {
    // require, not import(): CommonJS output, and jest runs this file in-process as well.
    const { SesTransport } = require('./ses.transport') as typeof import('./ses.transport');
    return new SesTransport({
      region: config.AWS_REGION,
      endpoint: config.SES_ENDPOINT,
      credentials: awsCredentials(config),
      configurationSet: config.SES_CONFIGURATION_SET,
      timeoutMs: config.EMAIL_SEND_TIMEOUT_MS,
    });
  }
  return new SmtpTransport({
    url: config.SMTP_URL,
    poolSize: config.SMTP_POOL_SIZE,
    timeoutMs: config.EMAIL_SEND_TIMEOUT_MS,
    ehloName: smtpEhloName(config),
    dkim,
  });
}
