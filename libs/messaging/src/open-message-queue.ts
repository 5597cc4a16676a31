import type { Config } from '@herald/config';
import type { Logger } from '@herald/logger';
import type { MessageQueue } from './port/message-queue.port';
import { RabbitMqQueue } from './rabbitmq/broker';
import { TopologyNames } from './topology-names';

/**
 * The one place a service gets its queue: the driver the configuration selects, with this
 * install's topology. Resolves at once; `ready()` waits for the first connection.
 */
export async function openMessageQueue(config: Config, logger: Logger, connectionName: string): Promise<MessageQueue> {
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  return RabbitMqQueue.start({ url: config.AMQP_URL, names, retryPolicies: config.retryPolicies, logger, connectionName });
}
