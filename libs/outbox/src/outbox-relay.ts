import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { MessageQueue } from '@herald/messaging';
import { OutboxRepository, PARK_AFTER_FAILURES, type OutboxRow } from './outbox.repository';
import { injectTraceHeaders, SpanKind, withSpan } from '@herald/telemetry';

const COALESCE_MS = 5;

export interface OutboxRelayOptions {
  /** Only rows bound for these exchanges: installs (or test runs) sharing a database never relay each other's rows. */
  exchanges: string[];
  batchSize: number;
  pollIntervalMs: number;
  /** Payload bytes loaded per pass (at least one row is): a few large rows cannot exhaust the heap. */
  batchBytes: number;
  /** A row over this is parked unread: loading it alone could still take the process down. */
  maxMessageBytes: number;
  /**
   * Combines rows of one pass into fewer messages (their consumer must understand the result);
   * rows it leaves out of every bundle go one message each. A bundle whose publish fails is
   * retried as its rows, one message each.
   */
  bundle?: OutboxBundler;
}

/** Rows published as one message. */
export interface OutboxBundle {
  rows: OutboxRow[];
  exchange: string;
  routingKey: string;
  payload: unknown;
  headers: Record<string, string>;
}

export type OutboxBundler = (rows: OutboxRow[]) => OutboxBundle[];

/** A row as the message it is on its own. */
function alone(r: OutboxRow): OutboxBundle {
  return { rows: [r], exchange: r.exchange, routingKey: r.routing_key, payload: r.payload, headers: r.headers };
}

/**
 * Moves outbox rows to RabbitMQ: lock a batch (SKIP LOCKED, so every replica can relay), publish
 * with confirms, delete only what the broker confirmed, commit. A crash anywhere leaves the rows
 * for the next pass, so delivery to the broker is at least once. Writers `kick()` it after commit
 * for low latency; the poll catches rows whose writer died before kicking.
 */
export class OutboxRelay {
  private running = false;
  private wake?: () => void;
  private kicked = false;
  private loop?: Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly broker: MessageQueue,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** One pass; returns how many messages reached the broker. Exposed for tests and tools. */
  async relayOnce(): Promise<number> {
    return (await this.pass()).relayed;
  }

  /**
   * Publishes a budgeted batch, pipelined. A row whose publish fails is retried on its own, since
   * a channel error fails every publish in flight, not only the culprit's; a row that still fails
   * alone while the broker is up counts a failure and is parked after PARK_AFTER_FAILURES, so one
   * bad row never holds back the rest.
   */
  private async pass(): Promise<{ relayed: number; more: boolean }> {
    if (!this.broker.isConnected) return { relayed: 0, more: false };
    const { batchSize, batchBytes, maxMessageBytes, exchanges } = this.options;
    return this.db.transaction(async (tx) => {
      const outbox = new OutboxRepository(tx);
      const { rows, oversized, more } = await outbox.claim(exchanges, batchSize, batchBytes, maxMessageBytes);
      for (const { id, bytes } of oversized) {
        await this.park(outbox, id, `payload is ${bytes} bytes; the relay publishes at most ${maxMessageBytes} (OUTBOX_MAX_MESSAGE_BYTES)`);
      }
      // Rows the bundler leaves out go as messages of their own.
      const bundles = this.options.bundle?.(rows) ?? [];
      const bundled = new Set(bundles.flatMap((b) => b.rows));
      const messages = [...bundles, ...rows.filter((r) => !bundled.has(r)).map(alone)];
      // Publishes are pipelined; awaiting each confirm in turn would cap the relay near 500 msg/s.
      const results = await Promise.allSettled(messages.map((m) => this.publish(m)));
      const sent = messages.filter((_, i) => results[i].status === 'fulfilled').flatMap((m) => m.rows);
      const retry = messages.filter((_, i) => results[i].status === 'rejected').flatMap((m) => m.rows);
      for (const row of retry) {
        if (!this.broker.isConnected) break; // the broker went away: every row waits for the next pass
        const error = await this.publish(alone(row)).then(
          () => undefined,
          (err: Error) => err,
        );
        if (!error) sent.push(row);
        else if (this.broker.isConnected) await this.failed(outbox, row, error);
      }
      await outbox.delete(sent.map((r) => r.id));
      return { relayed: sent.length, more: more || oversized.length > 0 };
    });
  }

  private publish(m: OutboxBundle): Promise<void> {
    return withSpan(
      `${m.exchange || 'queue'} publish`,
      SpanKind.PRODUCER,
      { 'messaging.destination.name': m.routingKey },
      // A row's span continues the trace stored with it; the message carries the relay's span on.
      () =>
        this.broker.publish(m.exchange, m.routingKey, m.payload, {
          headers: injectTraceHeaders({ ...m.headers }),
          messageId: `outbox-${m.rows[0].id}`,
        }),
      m.headers,
    );
  }

  private async failed(outbox: OutboxRepository, row: OutboxRow, error: Error): Promise<void> {
    const failures = await outbox.recordFailure(row.id);
    this.logger.warn('outbox row not published', { outbox_id: row.id, exchange: row.exchange, failures, error: error.message });
    if (failures >= PARK_AFTER_FAILURES) {
      await this.park(outbox, row.id, `publish failed ${failures} times: ${error.message}`);
    }
  }

  private async park(outbox: OutboxRepository, id: string, reason: string): Promise<void> {
    await outbox.park(id, reason);
    this.logger.error('outbox row parked in outbox_parked; it is not retried', { outbox_id: id, reason });
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      let more = false;
      try {
        ({ more } = await this.pass());
      } catch (err) {
        this.logger.warn('outbox relay pass failed; rows stay for the next pass', { error: (err as Error).message });
      }
      if (more) continue;
      // Kicks during the pass mean load (every accepted request kicks): a few milliseconds' pause
      // lets the next pass carry many rows. A kick that ends an idle wait is relayed at once, so
      // a lone event does not wait for company that is not coming.
      if (this.kicked) {
        if (this.running) await new Promise((r) => setTimeout(r, COALESCE_MS));
        continue;
      }
      await this.waitForKick();
    }
  }

  /** Resolves when kicked, when the poll interval runs out, or when the relay stops. */
  private waitForKick(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, this.options.pollIntervalMs);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}
