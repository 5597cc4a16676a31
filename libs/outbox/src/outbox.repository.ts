import type { Queryable } from '@herald/db';

/** After this many failed publishes on its own (the broker up), a row is parked instead of retried. */
export const PARK_AFTER_FAILURES = 3;

export interface OutboxRow {
  id: string;
  exchange: string;
  routing_key: string;
  payload: unknown;
  headers: Record<string, string>;
  failed_attempts: number;
}

export interface OutboxClaim {
  /** Rows to publish now, loaded with their payloads. */
  rows: OutboxRow[];
  /** Rows locked but over OUTBOX_MAX_MESSAGE_BYTES, never loaded: park them. */
  oversized: Array<{ id: string; bytes: number }>;
  /** True when rows were left behind (batch size or byte budget reached): run another pass at once. */
  more: boolean;
}

interface ClaimedRow extends OutboxRow {
  bytes: number;
  candidates: string;
  load: boolean;
}

/** The relay's view of the outbox table. Always used inside one transaction per pass. */
export class OutboxRepository {
  constructor(private readonly tx: Queryable) {}

  /**
   * Locks up to `limit` rows (SKIP LOCKED, so replicas share the work) and loads the payloads of
   * a prefix that fits `budgetBytes`, measured by the size PostgreSQL stored at insert, so a pass
   * never holds more than the budget whatever the rows weigh. The first row that fits the per-row
   * cap is always loaded, even when it alone is over the budget, so the relay always progresses.
   */
  async claim(exchanges: string[], limit: number, budgetBytes: number, maxRowBytes: number): Promise<OutboxClaim> {
    const { rows } = await this.tx.query<ClaimedRow>(
      `WITH candidates AS MATERIALIZED (
         SELECT id, payload_bytes FROM outbox WHERE exchange = ANY($1::text[])
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
       ), budgeted AS (
         SELECT id, payload_bytes,
                sum(payload_bytes) FILTER (WHERE payload_bytes <= $4) OVER (ORDER BY id) AS running,
                count(*) OVER () AS candidates
           FROM candidates
       )
       SELECT o.id, o.exchange, o.routing_key, o.headers, o.failed_attempts, b.payload_bytes AS bytes, b.candidates,
              b.payload_bytes <= $4 AND (b.running <= $3 OR b.running = b.payload_bytes) AS load,
              CASE WHEN b.payload_bytes <= $4 AND (b.running <= $3 OR b.running = b.payload_bytes) THEN o.payload END AS payload
         FROM budgeted b JOIN outbox o USING (id)
        WHERE b.payload_bytes > $4 OR b.running <= $3 OR b.running = b.payload_bytes
        ORDER BY o.id`,
      [exchanges, limit, budgetBytes, maxRowBytes],
    );
    const candidates = Number(rows[0]?.candidates ?? 0);
    const loaded = rows.filter((r) => r.load);
    const oversized = rows.filter((r) => !r.load).map((r) => ({ id: r.id, bytes: r.bytes }));
    return {
      rows: loaded.map(({ bytes: _b, candidates: _c, load: _l, ...row }) => row),
      oversized,
      more: candidates === limit || loaded.length + oversized.length < candidates,
    };
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length) await this.tx.query('DELETE FROM outbox WHERE id = ANY($1::bigint[])', [ids]);
  }

  /** Counts a failure of the row on its own; returns how many it has had. */
  async recordFailure(id: string): Promise<number> {
    const { rows } = await this.tx.query<{ failed_attempts: number }>(
      'UPDATE outbox SET failed_attempts = failed_attempts + 1 WHERE id = $1 RETURNING failed_attempts',
      [id],
    );
    return rows[0]?.failed_attempts ?? 0;
  }

  /** Moves a row out of the relay's way, with the reason, for an operator to inspect (or re-insert). */
  async park(id: string, reason: string): Promise<void> {
    await this.tx.query(
      `WITH moved AS (DELETE FROM outbox WHERE id = $1 RETURNING id, exchange, routing_key, payload, headers, created_at)
       INSERT INTO outbox_parked (id, exchange, routing_key, payload, headers, created_at, reason)
       SELECT id, exchange, routing_key, payload, headers, created_at, $2 FROM moved`,
      [id, reason],
    );
  }
}
