import type { Config } from '@herald/config';
import { CHANNELS, type Channel } from '@herald/contracts';
import type { Database } from '@herald/db';
import { TopologyNames } from '@herald/messaging';
import { deadLettersRepositories } from './dead-letters.repositories';
import { DeadLettersService } from './dead-letters.service';

/**
 * The one way to build the dead-letter use cases, for the api and the CLI alike: requeued
 * deliveries go to the deliveries exchange with the channel's retry policy afresh.
 * `onCommitted` wakes an outbox relay in this process, if it has one.
 */
export function deadLettersService(db: Database, config: Config, onCommitted: () => void): DeadLettersService {
  return new DeadLettersService({
    db,
    repositories: deadLettersRepositories,
    deliveriesExchange: new TopologyNames(config.AMQP_NAMESPACE).deliveriesExchange,
    maxAttempts: Object.fromEntries(CHANNELS.map((c) => [c, config.retryPolicies[c].maxAttempts])) as Record<Channel, number>,
    onCommitted,
  });
}
