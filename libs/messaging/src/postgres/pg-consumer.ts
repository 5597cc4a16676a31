import { randomUUID } from 'node:crypto';
import {
  requeuePauseMs,
  type ConsumerOptions,
  type HandlerOutcome,
  type QueueConsumer,
  type QueueMessage,
} from '../port/message-queue.port';
import type { ClaimedRow, Held, QueueStore } from './queue.store';

export interface PgConsumerSettings {
  store: QueueStore;
  /** Acks of every consumer of the process, batched into one DELETE per round trip. */
  ack: (held: Held) => Promise<void>;
  /** How long a claimed message stays invisible to other consumers unless its lease is extended. */
  leaseMs: number;
  /** Safety net: the longest the consumer waits without looking at its queue. */
  pollMs: number;
  /** Where a rejected or exhausted message goes; undefined for a queue without one (a dead-letter queue itself). */
  deadLetterQueue?: string;
  /** Shown in queue_consumers.process. */
  process: string;
}

/** A claim that fails (database down) is tried again after this pause. */
const CLAIM_RETRY_MS = 1000;

function toQueueMessage(row: ClaimedRow): QueueMessage {
  return {
    body: row.body,
    headers: row.headers ?? {},
    messageId: row.message_id ?? undefined,
    deliveryCount: row.deliveries - 1,
    redelivered: row.deliveries > 1,
    deathReason: row.death_reason ?? undefined,
  };
}

/**
 * Consumes one queue table partition with at most `prefetch` messages held. It claims when woken:
 * by a NOTIFY for its queue, by a handler finishing while more may wait, or by a timer set to the
 * queue's next due time (a delayed message, or the lease of a crashed consumer running out),
 * never sooner than needed and at least every `pollMs`. While handlers run, their leases are
 * extended every third of the lease, so a slow send is not handed to a second consumer.
 */
export class PgQueueConsumer implements QueueConsumer {
  private readonly id = randomUUID();
  private readonly held = new Map<string, Held>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;
  private pumping = false;
  private pumpQueued = false;
  /** Something may be due: set by a wake-up, cleared before each claim so a wake-up during it is kept. */
  private wanted = true;
  /** From the last claim: milliseconds until the queue's next unclaimed message falls due (null: none). */
  private nextDueMs: number | null = null;
  private timer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly settings: PgConsumerSettings,
    private readonly options: ConsumerOptions,
  ) {}

  get queue(): string {
    return this.options.queue;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  async start(): Promise<void> {
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat(), Math.max(50, Math.floor(this.settings.leaseMs / 3)));
    this.heartbeat.unref();
    this.wake();
  }

  /** Stops claiming, lets the handlers finish (their leases still extended), then leaves. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.settings.store.forgetConsumer(this.id).catch(() => undefined);
  }

  /** Called on a NOTIFY for this queue, a reconnected listener, or a timer. */
  wake(): void {
    this.wanted = true;
    void this.pump();
  }

  /** Handlers finishing together share one claim for their freed slots instead of one each. */
  private pumpSoon(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.pumping || this.stopping) return;
    this.pumping = true;
    let failed = false;
    try {
      while (!this.stopping && this.wanted) {
        const free = this.options.prefetch - this.inFlight.size;
        if (free <= 0) break; // a finishing handler pumps again
        this.wanted = false;
        const token = randomUUID();
        const { store, leaseMs, deadLetterQueue } = this.settings;
        const { deliver, claimed, nextDueMs } = await store.claimForDelivery(this.queue, free, leaseMs, token, deadLetterQueue);
        this.nextDueMs = nextDueMs;
        if (claimed === free) this.wanted = true;
        this.hand(deliver, token);
      }
    } catch (err) {
      failed = true;
      this.wanted = true;
      this.options.logger.warn('queue claim failed; trying again', { queue: this.queue, error: (err as Error).message });
    } finally {
      this.pumping = false;
    }
    if (!this.stopping) this.scheduleNext(failed);
  }

  private hand(rows: ClaimedRow[], token: string): void {
    for (const row of rows) {
      const held = { id: row.id, token };
      this.held.set(row.id, held);
      const work = this.dispatch(row, held);
      this.inFlight.add(work);
      void work.finally(() => {
        this.inFlight.delete(work);
        this.held.delete(row.id);
        if (this.wanted) this.pumpSoon();
      });
    }
  }

  private async dispatch(row: ClaimedRow, held: Held): Promise<void> {
    const { store } = this.settings;
    let outcome: HandlerOutcome;
    try {
      outcome = await this.options.handle(toQueueMessage(row));
    } catch (err) {
      this.options.logger.error('handler failed; message requeued', { queue: this.queue, error: (err as Error).message });
      // When even this fails, the lease running out brings the message back.
      await store.release(held, requeuePauseMs(row.deliveries - 1)).catch(() => undefined);
      return;
    }
    try {
      if (outcome === 'ack') await this.settings.ack(held);
      else await store.deadLetter([held], this.settings.deadLetterQueue, 'rejected');
    } catch (err) {
      // No longer extended, the lease runs out and the message is delivered again; consumers dedupe.
      this.options.logger.warn('message handled but not settled; it comes back when its lease ends', {
        queue: this.queue,
        error: (err as Error).message,
      });
    }
  }

  private scheduleNext(failed: boolean): void {
    let waitMs = failed ? CLAIM_RETRY_MS : this.settings.pollMs;
    // The last claim said when the next message not claimed then falls due.
    if (!failed && !this.wanted && this.nextDueMs !== null) waitMs = Math.min(waitMs, Math.ceil(this.nextDueMs) + 5);
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    // Not unref'd: while the database is down this timer is all a worker process has left (its
    // connections are gone, the ops server is unref'd), and without it the process would end,
    // exit code 0, in the middle of the outage. A started consumer keeps its process alive until stop().
    this.timer = setTimeout(() => this.wake(), waitMs);
  }

  private async beat(): Promise<void> {
    const { store, leaseMs, process } = this.settings;
    try {
      await store.extend([...this.held.values()], leaseMs);
      if (!this.stopping) await store.heartbeat(this.id, this.queue, process);
    } catch (err) {
      this.options.logger.warn('queue lease not extended', { queue: this.queue, error: (err as Error).message });
    }
  }
}
