import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { Broker } from '@herald/messaging';

const COALESCE_MS = 5;

export interface OutboxRelayOptions {
  /** Only rows bound for these exchanges: installs (or test runs) sharing a database never relay each other's rows. */
  exchanges: string[];
  batchSize: number;
  pollIntervalMs: number;
}

interface OutboxRow {
  id: string;
  exchange: string;
  routing_key: string;
  payload: unknown;
  headers: Record<string, string>;
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
    private readonly broker: Broker,
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
    if (!this.broker.isConnected) return 0;
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<OutboxRow>(
        `SELECT id, exchange, routing_key, payload, headers FROM outbox WHERE exchange = ANY($2::text[])
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize, this.options.exchanges],
      );
      if (rows.length === 0) return 0;
      // Publishes are pipelined; awaiting each confirm in turn would cap the relay near 500 msg/s.
      await Promise.all(
        rows.map((r) => this.broker.publish(r.exchange, r.routing_key, r.payload, { headers: r.headers, messageId: `outbox-${r.id}` })),
      );
      await tx.query('DELETE FROM outbox WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      let relayed = 0;
      try {
        relayed = await this.relayOnce();
      } catch (err) {
        this.logger.warn('outbox relay pass failed; rows stay for the next pass', { error: (err as Error).message });
      }
      if (relayed >= this.options.batchSize) continue;
      const kicked = this.kicked || (await this.waitForKick());
      // Under load every request kicks; a few milliseconds' pause lets one pass carry many rows.
      if (kicked && this.running) await new Promise((r) => setTimeout(r, COALESCE_MS));
    }
  }

  /** Resolves true when kicked, false when the poll interval ran out (or the relay stopped). */
  private waitForKick(): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve(false);
      }, this.options.pollIntervalMs);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve(this.running);
      };
    });
  }
}
