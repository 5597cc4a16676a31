import { Coalescer } from '@herald/db';
import type { CreatedNotifications, PendingNotification, StoredEvent } from '../domain/fan-out.model';
import type { EventNotifications, FanoutRepository } from './fanout.repository';

/**
 * Batches what concurrent event messages ask of PostgreSQL: their event loads share one query
 * and their notification inserts one statement (and one commit). A redelivered event never
 * shares a batch with itself.
 */
export class FanoutStore {
  private readonly loads: Coalescer<string, StoredEvent | undefined>;
  private readonly creates: Coalescer<EventNotifications, CreatedNotifications | undefined>;

  constructor(
    private readonly repository: FanoutRepository,
    maxBatch = 50,
  ) {
    this.loads = new Coalescer((ids) => repository.loadEvents(ids), { maxBatch, concurrency: 2, key: (id) => id });
    this.creates = new Coalescer((batch) => repository.createNotifications(batch), { maxBatch, concurrency: 1, key: (b) => b.event.id });
  }

  loadEvent(id: string): Promise<StoredEvent | undefined> {
    return this.loads.submit(id);
  }

  createNotifications(item: EventNotifications): Promise<CreatedNotifications | undefined> {
    return this.creates.submit(item);
  }

  pendingNotifications(eventId: string): Promise<PendingNotification[]> {
    return this.repository.pendingNotifications(eventId);
  }

  failEvent(eventId: string, reason: string): ReturnType<FanoutRepository['failEvent']> {
    return this.repository.failEvent(eventId, reason);
  }
}
