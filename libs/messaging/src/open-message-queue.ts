import type { Config } from '@herald/config';
import type { Logger } from '@herald/logger';
import type { MessageQueue } from './port/message-queue.port';
import { PgQueue } from './postgres/pg-queue';
import { RabbitMqQueue } from './rabbitmq/broker';
import { selectQueueDriver } from './select-driver';
import { TopologyNames } from './topology-names';

/**
 * The one place a service gets its queue: the driver the configuration selects (logged once,
 * with the reason), with this install's topology. `ready()` waits for the first connection.
 */
export async function openMessageQueue(config: Config, logger: Logger, connectionName: string): Promise<MessageQueue> {
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  const { driver, reason } = await selectQueueDriver(config);
  logger.info(`queue driver: ${driver} (${reason})`, { queue_driver: driver });
  if (driver === 'postgres') {
    return PgQueue.start({ url: config.DATABASE_URL, names, logger, connectionName, leaseMs: config.QUEUE_LEASE_MS });
  }
  return RabbitMqQueue.start({ url: config.AMQP_URL, names, retryPolicies: config.retryPolicies, logger, connectionName });
}
