import type { Config } from '@herald/config';
import { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import { Broker, Consumer, TopologyNames } from '@herald/messaging';
import { AddressPolicy, createGuardedDispatcher } from '@herald/net-guard';
import { SecretBox } from '@herald/secrets';
import { webhookDeliveryHandler } from './consumers/delivery.consumer';
import { BatchingDeliveryStore } from './data/delivery.store';
import { NotificationRepository } from './data/notification.repository';
import { SigningSecretCache } from './data/signing-secret.cache';
import { DeliveryPublisher } from './messaging/delivery.publisher';
import { HttpWebhookSender } from './providers/webhook.http-sender';

export interface WebhookWorker {
  /** Stops taking messages, lets in-flight deliveries finish, then closes every connection. */
  stop(): Promise<void>;
}

/** Wires the worker and starts consuming; resolves once the broker is connected and the consumer subscribed. */
export async function startWebhookWorker(config: Config, logger: Logger): Promise<WebhookWorker> {
  const db = await Database.connect(config.DATABASE_URL, config.DB_POOL_SIZE);
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  let broker: Broker;
  try {
    broker = await Broker.start({
      url: config.AMQP_URL,
      names,
      retryPolicies: config.retryPolicies,
      logger,
      connectionName: 'webhook-worker',
    });
    await broker.ready();
  } catch (err) {
    await db.close(); // a failed start must not leave a pool holding the process open
    throw err;
  }

  // One dispatcher for the process: its per-origin pools keep connections alive across deliveries.
  const dispatcher = createGuardedDispatcher(new AddressPolicy(config.SSRF_ALLOW_CIDRS), {
    connectTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  const policy = config.retryPolicies.webhook;
  const deps = {
    store: new BatchingDeliveryStore(new NotificationRepository(db)),
    secrets: new SigningSecretCache(new SecretBox(config.secretsKey)),
    sender: new HttpWebhookSender(dispatcher, {
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: config.WEBHOOK_MAX_RESPONSE_BYTES,
    }),
    followUps: new DeliveryPublisher(broker, names, policy),
    policy,
    logger,
  };
  const consumer = new Consumer(broker, {
    queue: names.deliveryQueue('webhook'),
    prefetch: config.WEBHOOK_PREFETCH,
    logger,
    handle: webhookDeliveryHandler(deps, logger),
  });
  await consumer.start();

  let stopped: Promise<void> | undefined;
  const stop = async () => {
    // Drain first: in-flight handlers still need the database, the broker and the dispatcher.
    await consumer.stop();
    await dispatcher.close().catch(() => undefined);
    await broker.close();
    await db.close();
  };
  return { stop: () => (stopped ??= stop()) };
}
