import type { Config } from '@herald/config';
import { LANES, type Channel, type Lane } from '@herald/contracts';
import { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import { openMessageQueue, TopologyNames, type MessageQueue } from '@herald/messaging';
import type { ProcessHealth } from '@herald/metrics';
import { consumerHealth } from '@herald/runtime';
import { deliveryHandler } from './consumers/delivery.consumer';
import { BatchingDeliveryStore } from './data/delivery.store';
import { NotificationRepository } from './data/notification.repository';
import type { CacheEvictionListener } from '@herald/db';
import { signingSecretChanges, SigningSecretsSource } from './data/signing-secrets.source';
import { endpointChanges, EndpointStatesSource } from './data/endpoint-states.source';
import type { DeliveryProvider } from './domain/delivery-provider.port';
import { DeliveryPublisher } from './messaging/delivery.publisher';
import { SendShares } from './domain/send-shares';
import type { DestinationOf, LaneShares } from './domain/lane-shares';
import { EndpointHealthRepository } from './data/endpoint-health.repository';
import { EndpointPacing } from './domain/endpoint-pacing';

/** The longest a delivery to a rate-limited endpoint waits in the worker for its slot; a later slot is requeued to. */
const MAX_PACING_WAIT_MS = 1000;

/**
 * Consumer endpoints' rate limits and health, per lane: a lane's deliveries waiting for their
 * slot hold its messages, so at most one project's share of its prefetch does at once.
 */
function endpointCare(prefetch: number, config: Config, health: EndpointHealthRepository) {
  const share = Math.max(1, Math.floor((prefetch * Math.min(config.FAIR_SHARE_SEND_PERCENT, 100)) / 100));
  return {
    health,
    pacing: new EndpointPacing((id, project) => health.claimSlot(id, project), { maxWaitMs: MAX_PACING_WAIT_MS, maxWaiting: share }),
    disableAfterHours: config.ENDPOINT_DISABLE_AFTER_HOURS,
  };
}

/**
 * `high` and `medium` give each project a share of their send slots; a project whose slow sends
 * fill it moves on to the lane below. `low` is the last lane (what reaches it waits its turn) and
 * `system` carries only Herald's own email.
 */
const MOVES_TO: Partial<Record<Lane, Lane>> = { high: 'medium', medium: 'low' };

function laneShares(from: Lane, prefetch: number, config: Config, destinationOf?: DestinationOf): LaneShares | undefined {
  const lane = MOVES_TO[from];
  if (!lane || config.FAIR_SHARE_SEND_PERCENT >= 100) return undefined;
  const slots = (percent: number) => Math.max(1, Math.floor((prefetch * percent) / 100));
  const projects = new SendShares(slots(config.FAIR_SHARE_SEND_PERCENT), config.FAIR_SHARE_MOVE_AFTER_MS);
  // A destination's share is judged only where it is smaller than its project's: else the
  // project's is the tighter bound, and a second gate would only cost its bookkeeping.
  const perDestination = slots(config.FAIR_SHARE_DESTINATION_PERCENT);
  const destinations =
    destinationOf && perDestination < projects.perHolder
      ? { shares: new SendShares(perDestination, config.FAIR_SHARE_MOVE_AFTER_MS), of: destinationOf }
      : undefined;
  return { projects, destinations, lane, from };
}

export interface DeliveryWorkerOptions {
  channel: Channel;
  /** Messages held, and deliveries in flight, at once per priority lane of this process. */
  prefetch: number;
  provider: DeliveryProvider;
  /**
   * Webhooks: send a first attempt from what its message carries, reading only the project's
   * (cached) signing secrets, or a consumer endpoint's (cached) secrets and state, instead of the
   * notification.
   */
  firstAttemptFromMessage?: boolean;
  /** Webhooks: pace deliveries to rate-limited consumer endpoints and follow their health. */
  consumerEndpoints?: boolean;
  /** Where the channel's sends go (a webhook's origin): each destination gets a share of its project's. */
  destinationOf?: DestinationOf;
}

export interface DeliveryWorker {
  /** Stops taking messages, lets in-flight deliveries finish, then closes every connection. */
  stop(): Promise<void>;
  /** Liveness (the consumer is not wedged) and readiness (database and queue answer). */
  health: ProcessHealth;
}

/**
 * Everything a channel worker is besides its provider: PostgreSQL, the broker, the batching
 * store, the retry/dead-letter publisher and the consumer of the channel's queue. Resolves once
 * the broker is connected and the consumer subscribed; the provider is closed with the worker.
 */
export async function startDeliveryWorker(config: Config, logger: Logger, options: DeliveryWorkerOptions): Promise<DeliveryWorker> {
  const { channel, provider } = options;
  let db: Database | undefined;
  let broker: MessageQueue | undefined;
  let changes: CacheEvictionListener<SigningSecretsSource> | undefined;
  let secrets: SigningSecretsSource | undefined;
  let endpointChangesFeed: CacheEvictionListener<EndpointStatesSource> | undefined;
  let endpointStates: EndpointStatesSource | undefined;
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  try {
    // Every statement a worker runs reaches its rows by key: its batch statements keep generic plans.
    db = await Database.connect(config.DATABASE_URL, config.DB_POOL_SIZE, { keyedPlans: true });
    broker = await openMessageQueue(config, logger, `${channel}-worker`);
    await broker.ready();
    if (options.firstAttemptFromMessage) {
      changes = signingSecretChanges(config.DATABASE_URL, logger, `herald-${channel}-secret-changes`);
      secrets = new SigningSecretsSource(db, changes);
      await changes.start(secrets);
      if (options.consumerEndpoints) {
        endpointChangesFeed = endpointChanges(config.DATABASE_URL, logger, `herald-${channel}-endpoint-changes`);
        endpointStates = new EndpointStatesSource(db, endpointChangesFeed);
        await endpointChangesFeed.start(endpointStates);
      }
    }
  } catch (err) {
    // A failed start must not leave a pool or a provider holding the process open.
    await endpointChangesFeed?.stop();
    await changes?.stop();
    await broker?.close();
    await db?.close();
    await provider.close?.().catch(() => undefined);
    throw err;
  }

  const policy = config.retryPolicies[channel];
  const [database, connected] = [db, broker];
  const health = consumerHealth({ db: database, queue: connected, stallMs: config.LIVENESS_STALL_MS });
  const deps = {
    channel,
    store: new BatchingDeliveryStore(new NotificationRepository(database)),
    provider,
    followUps: new DeliveryPublisher(connected, names, channel),
    policy,
    logger,
    secrets,
    endpointStates,
  };
  const endpointHealth = options.consumerEndpoints ? new EndpointHealthRepository(database) : undefined;
  // One consumer per lane, each with the full prefetch and its own bound on provider calls in
  // flight (a batch message carries many deliveries): a lane alone runs at full speed, and a
  // `high` delivery (or a `system` one, Herald's own email) finds capacity of its own however
  // long the other lanes' backlogs are.
  const consumers = LANES.map((priority) =>
    connected.consumer({
      queue: names.deliveryQueue(channel, priority),
      prefetch: options.prefetch,
      logger,
      handle: health.watch(
        deliveryHandler(
          {
            ...deps,
            shares: laneShares(priority, options.prefetch, config, options.destinationOf),
            endpoints: endpointHealth && endpointCare(options.prefetch, config, endpointHealth),
          },
          { maxSends: options.prefetch, onProgress: () => health.progressed() },
        ),
      ),
    }),
  );
  for (const consumer of consumers) {
    health.track(consumer);
    await consumer.start();
  }

  let stopped: Promise<void> | undefined;
  const stop = async () => {
    // Drain first: in-flight handlers still need the database, the broker and the provider.
    await Promise.all(consumers.map((c) => c.stop()));
    await provider.close?.().catch(() => undefined);
    await endpointChangesFeed?.stop();
    await changes?.stop();
    await connected.close();
    await database.close();
  };
  return { stop: () => (stopped ??= stop()), health };
}
