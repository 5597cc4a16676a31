import type { Config } from '@herald/config';
import { startDeliveryWorker, type DeliveryWorker } from '@herald/delivery';
import type { Logger } from '@herald/logger';
import { AddressPolicy, createGuardedDispatcher } from '@herald/net-guard';
import { AttachmentDownloader } from './providers/attachment.downloader';
import { ConcurrencyGate } from '@herald/runtime';
import { UnsubscribeTokens } from '@herald/secrets';
import { EmailProvider } from './providers/email.provider';
import { createEmailTransport } from './providers/email-transport.factory';

export type EmailWorker = DeliveryWorker;

/** Raw bytes of one email's attachments: Base64 makes 30 MB about 40 MB, the providers' cap. */
export const MAX_ATTACHMENT_BYTES = 30 * 1024 * 1024;
/** Emails with attachments built at once per process (each may hold ~30 MB raw plus its encoding). */
const ATTACHMENT_CONCURRENCY = 4;

/** Wires the email worker (SMTP or SES, chosen by EMAIL_PROVIDER) and starts consuming the email queue. */
export async function startEmailWorker(config: Config, logger: Logger): Promise<EmailWorker> {
  const transport = createEmailTransport(config);
  const dispatcher = createGuardedDispatcher(new AddressPolicy(config.SSRF_ALLOW_CIDRS), {
    connectTimeoutMs: config.EMAIL_ATTACHMENT_TIMEOUT_MS,
  });
  const provider = new EmailProvider({
    transport,
    downloader: new AttachmentDownloader(dispatcher, {
      timeoutMs: config.EMAIL_ATTACHMENT_TIMEOUT_MS,
      maxTotalBytes: MAX_ATTACHMENT_BYTES,
    }),
    attachmentGate: new ConcurrencyGate(ATTACHMENT_CONCURRENCY),
    defaultFrom: config.EMAIL_FROM,
    unsubscribe: { tokens: new UnsubscribeTokens(config.unsubscribeKey), publicUrl: config.PUBLIC_URL, mailto: config.UNSUBSCRIBE_MAILTO },
  });
  const closing = {
    send: provider.send.bind(provider),
    close: async () => {
      await provider.close();
      await dispatcher.close().catch(() => undefined);
    },
  };
  logger.info('email provider', { provider: transport.name });
  return startDeliveryWorker(config, logger, { channel: 'email', prefetch: config.EMAIL_PREFETCH, provider: closing });
}
