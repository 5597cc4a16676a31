import type { DeliveryTarget } from '../domain/delivery-provider.port';
import { Coalescer } from '@herald/db';
import type { AttemptRecord, DeliveryKey, NotificationRepository } from './notification.repository';

/** What the delivery use case needs from storage, one delivery at a time. */
export interface DeliveryStore {
  find(key: DeliveryKey): Promise<DeliveryTarget | undefined>;
  /** Resolves false when another attempt already finished or moved the notification on. */
  record(attempt: AttemptRecord): Promise<boolean>;
  /**
   * A delivered first attempt that was sent without reading its notification, which fan-out had
   * meanwhile failed by giving up on the event: resolves true when it is now recorded as delivered.
   */
  recordDeliveredAfterGiveUp(attempt: AttemptRecord): Promise<boolean>;
}

/**
 * Keeps one read and one write per delivery, but lets concurrent deliveries share round trips
 * and commits. Reads may overlap; writes go one batch at a time, so two batches of this worker
 * never lock the same event rows in opposite orders.
 */
export class BatchingDeliveryStore implements DeliveryStore {
  private readonly reads: Coalescer<DeliveryKey, DeliveryTarget | undefined>;
  private readonly writes: Coalescer<AttemptRecord, boolean>;

  constructor(
    private readonly repository: NotificationRepository,
    maxBatch = 100,
  ) {
    this.reads = new Coalescer((keys) => repository.findForDelivery(keys), { maxBatch, concurrency: 2 });
    this.writes = new Coalescer((records) => repository.recordAttempts(records), {
      maxBatch,
      concurrency: 1,
      key: (r) => r.notificationId,
    });
  }

  find(key: DeliveryKey): Promise<DeliveryTarget | undefined> {
    return this.reads.submit(key);
  }

  record(attempt: AttemptRecord): Promise<boolean> {
    return this.writes.submit(attempt);
  }

  /** Rare (fan-out gave up after queueing deliveries): not batched. */
  recordDeliveredAfterGiveUp(attempt: AttemptRecord): Promise<boolean> {
    return this.repository.recordDeliveredAfterGiveUp(attempt);
  }
}
