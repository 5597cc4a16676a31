import type { Config } from '@herald/config';
import { LANES } from '@herald/contracts';
import { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import { openMessageQueue, TopologyNames } from '@herald/messaging';
import type { ProcessHealth } from '@herald/metrics';
import { OutboxRelay, outboxRelayOptions } from '@herald/outbox';
import { consumerHealth } from '@herald/runtime';
import { eventAcceptedHandler } from './consumers/event-accepted.consumer';
import { FairShare } from './domain/fair-share';
import { fanoutDeadLetterHandler } from './consumers/fanout-dead-letter.consumer';
import { FanoutRepository } from './data/fanout.repository';
import { FanoutStore } from './data/fanout.store';
import { WorkBudget } from './domain/work-budget';

export interface RunningFanout {
  stop(): Promise<void>;
  health: ProcessHealth;
}

/**
 * Fan-out also runs an outbox relay: accepted events reach RabbitMQ while any API or fan-out
 * process is alive, even when the API that accepted them has died.
 */
export async function startFanout(config: Config, logger: Logger): Promise<RunningFanout> {
  // Every statement fan-out runs reaches its rows by key: its batch statements keep generic plans.
  const db = await Database.connect(config.DATABASE_URL, config.DB_POOL_SIZE, { keyedPlans: true });
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  const broker = await openMessageQueue(config, logger, 'fanout');
  await broker.ready();
  // No bundler: single messages, which any fan-out replica reads (see outboxRelayOptions).
  const relay = new OutboxRelay(db, broker, logger, outboxRelayOptions(config, [names.eventsExchange]));
  relay.start();
  const repo = new FanoutStore(new FanoutRepository(db));
  const health = consumerHealth({ db, queue: broker, stallMs: config.LIVENESS_STALL_MS });
  const deps = {
    repo,
    broker,
    names,
    logger,
    fairShare: new FairShare(config.FAIR_SHARE_PER_SECOND, config.FAIR_SHARE_BURST),
    // Shared by the lanes, so memory stays bounded; a waiting high event's turn comes first.
    budget: new WorkBudget(config.FANOUT_MAX_NOTIFICATIONS_IN_FLIGHT),
    deliveriesPerMessage: config.FANOUT_DELIVERIES_PER_MESSAGE,
  };
  // One consumer per lane, each with the full prefetch, as the channel workers do: a `high` event
  // is fanned out while a backlog of big `low` events still waits for fan-out, and Herald's own
  // emails (`system`) wait behind no customer's events.
  const consumers = LANES.map((priority) =>
    broker.consumer({
      queue: names.fanoutLane(priority),
      prefetch: config.FANOUT_PREFETCH,
      logger,
      handle: health.watch(eventAcceptedHandler(deps, priority)),
    }),
  );
  const deadLetters = broker.consumer({
    queue: names.fanoutDlq,
    prefetch: 4,
    logger,
    handle: health.watch(fanoutDeadLetterHandler({ repo, logger })),
  });
  for (const consumer of consumers) health.track(consumer);
  health.track(deadLetters);
  for (const consumer of consumers) await consumer.start();
  await deadLetters.start();
  logger.info('fanout consuming', { queues: LANES.map((p) => names.fanoutLane(p)), dead_letters: names.fanoutDlq });
  return {
    health,
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
      await deadLetters.stop();
      await relay.stop();
      await broker.close();
      await db.close();
    },
  };
}
