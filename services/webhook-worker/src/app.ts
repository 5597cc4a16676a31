import type { Config } from '@herald/config';
import { startDeliveryWorker, type DeliveryWorker } from '@herald/delivery';
import type { Logger } from '@herald/logger';
import { AddressPolicy, createGuardedDispatcher } from '@herald/net-guard';
import { SecretBox } from '@herald/secrets';
import { SigningSecretCache } from './data/signing-secret.cache';
import { DestinationBreaker } from './domain/destination-breaker';
import { destinationOf } from './domain/destination';
import { HttpWebhookSender } from './providers/webhook.http-sender';
import { WebhookProvider } from './providers/webhook.provider';

export type WebhookWorker = DeliveryWorker;

/** Wires the worker and starts consuming; resolves once the broker is connected and the consumer subscribed. */
export async function startWebhookWorker(config: Config, logger: Logger): Promise<WebhookWorker> {
  // One dispatcher for the process: its per-origin pools keep connections alive across deliveries.
  const dispatcher = createGuardedDispatcher(new AddressPolicy(config.SSRF_ALLOW_CIDRS), {
    connectTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  const sender = new HttpWebhookSender(dispatcher, {
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxResponseBytes: config.WEBHOOK_MAX_RESPONSE_BYTES,
  });
  const breaker = new DestinationBreaker({
    failures: config.WEBHOOK_CIRCUIT_FAILURES,
    openMs: config.WEBHOOK_CIRCUIT_OPEN_MS,
    maxOpenMs: config.WEBHOOK_CIRCUIT_OPEN_MS * 20,
  });
  const secrets = new SigningSecretCache(new SecretBox(config.secretsKey));
  const provider = new WebhookProvider(sender, secrets, () => dispatcher.close(), breaker);
  return startDeliveryWorker(config, logger, {
    channel: 'webhook',
    prefetch: config.WEBHOOK_PREFETCH,
    provider,
    firstAttemptFromMessage: true,
    consumerEndpoints: true,
    destinationOf,
  });
}
