import type { Config } from '@herald/config';
import { Database } from '@herald/db';
import { bundleAcceptedEvents } from '@herald/intake';
import type { Logger } from '@herald/logger';
import { openMessageQueue, TopologyNames } from '@herald/messaging';
import { webhookTargetResolver } from '@herald/net-guard';
import type { ProcessHealth } from '@herald/metrics';
import { OutboxRelay, outboxRelayOptions } from '@herald/outbox';
import { consumerHealth } from '@herald/runtime';
import { DueEventDispatcher } from './domain/dispatch-due.use-case';
import { SchedulerLoop } from './jobs/scheduler-loop';
import { RetentionJob } from './retention/retention.job';
import { RetentionRepository } from './retention/retention.repository';

export interface RunningScheduler {
  /** Lets the batch in progress commit, then closes everything; what is left stays pending for the next tick. */
  stop(): Promise<void>;
  /** Ready while PostgreSQL and the queue answer; it consumes nothing, so it is never wedged. */
  health: ProcessHealth;
}

/**
 * Every replica ticks on its own; row locks (FOR UPDATE SKIP LOCKED), not a leader, keep two of
 * them from dispatching one event. The scheduler relays its own outbox too, so dispatched events
 * reach RabbitMQ even when no api process is up.
 */
export async function startScheduler(config: Config, logger: Logger): Promise<RunningScheduler> {
  const db = await Database.connect(config.DATABASE_URL, config.DB_POOL_SIZE);
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  const broker = await openMessageQueue(config, logger, 'scheduler');
  const relay = new OutboxRelay(
    db,
    broker,
    logger,
    outboxRelayOptions(config, [names.eventsExchange], bundleAcceptedEvents(config.OUTBOX_EVENTS_PER_MESSAGE)),
  );
  relay.start();
  const dispatcher = new DueEventDispatcher({
    db,
    names,
    // Dispatch does not resolve webhook hosts (see EventRules.check); the rules still need a resolver.
    targets: webhookTargetResolver(config),
    logger,
    batchBytes: config.SCHEDULER_BATCH_BYTES,
    onCommitted: () => relay.kick(),
  });
  const loop = new SchedulerLoop(dispatcher, config.SCHEDULER_INTERVAL_MS, logger);
  loop.start();
  const retention = new RetentionJob(
    new RetentionRepository(db),
    { days: config.RETENTION_DAYS, batchSize: config.RETENTION_BATCH_SIZE, intervalMs: config.RETENTION_INTERVAL_MS },
    logger,
  );
  retention.start();
  logger.info('scheduler started', { interval_ms: config.SCHEDULER_INTERVAL_MS });
  const { ready } = consumerHealth({ db, queue: broker, stallMs: config.LIVENESS_STALL_MS });
  return {
    health: { ready },
    async stop() {
      await loop.stop();
      await retention.stop();
      await relay.stop();
      await broker.close();
      await db.close();
    },
  };
}
