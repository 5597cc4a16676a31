import type { Queryable } from '@herald/db';
import type { EventInput } from '@herald/intake';

export interface DueEvent {
  id: string;
  project_id: string;
  api_key_id: string | null;
  request: EventInput;
  request_id: string | null;
  scheduled_for: Date;
  /** More than an hour past scheduled_for, by the database clock. */
  late: boolean;
  lag_ms: number;
}

export type Settlement =
  { status: 'dispatched'; eventId: string } | { status: 'failed'; reason: string } | { status: 'expired'; reason: string };

/** The scheduler's view of scheduled_events: claim what is due, settle it. Always used inside a transaction. */
export class DueEventRepository {
  constructor(private readonly tx: Queryable) {}

  /**
   * Locks up to `limit` due pending rows, oldest first, and loads the requests of a prefix that
   * fits `budgetBytes` (sizes PostgreSQL stored at insert; the first row always comes, whatever its
   * size), so a few large requests cannot exhaust the heap. SKIP LOCKED lets every replica claim a
   * different share instead of waiting, and a row another replica has just settled no longer
   * matches `status = 'pending'` when re-checked, so no row is ever dispatched twice. `more` says
   * rows were left for another batch.
   */
  async claim(limit: number, skip: string[], budgetBytes: number): Promise<{ rows: DueEvent[]; more: boolean }> {
    const { rows } = await this.tx.query<DueEvent & { candidates: string }>(
      `WITH candidates AS MATERIALIZED (
         SELECT id, scheduled_for, request_bytes FROM scheduled_events
          WHERE status = 'pending' AND scheduled_for <= now() AND NOT (id = ANY($2::uuid[]))
          ORDER BY scheduled_for, id
          LIMIT $1
            FOR UPDATE SKIP LOCKED
       ), budgeted AS (
         SELECT id, request_bytes, sum(request_bytes) OVER (ORDER BY scheduled_for, id) AS running, count(*) OVER () AS candidates
           FROM candidates
       )
       SELECT s.id, s.project_id, s.api_key_id, s.request, s.request_id, s.scheduled_for, b.candidates,
              s.scheduled_for < now() - interval '1 hour' AS late,
              (extract(epoch FROM now() - s.scheduled_for) * 1000)::float8 AS lag_ms
         FROM budgeted b JOIN scheduled_events s USING (id)
        WHERE b.running <= $3 OR b.running = b.request_bytes
        ORDER BY s.scheduled_for, s.id`,
      [limit, skip, budgetBytes],
    );
    const candidates = Number(rows[0]?.candidates ?? 0);
    return { rows: rows.map(({ candidates: _c, ...row }) => row), more: candidates === limit || rows.length < candidates };
  }

  /** Locks one row for a retry on its own; undefined when it is gone, settled, or held by another replica. */
  async claimOne(id: string): Promise<DueEvent | undefined> {
    const { rows } = await this.tx.query<DueEvent>(
      `SELECT id, project_id, api_key_id, request, request_id, scheduled_for,
              scheduled_for < now() - interval '1 hour' AS late,
              (extract(epoch FROM now() - scheduled_for) * 1000)::float8 AS lag_ms
         FROM scheduled_events WHERE id = $1 AND status = 'pending' FOR UPDATE SKIP LOCKED`,
      [id],
    );
    return rows[0];
  }

  async settle(id: string, s: Settlement): Promise<void> {
    await this.tx.query(
      `UPDATE scheduled_events SET status = $2, event_id = $3, failure_reason = $4, updated_at = now() WHERE id = $1 AND status = 'pending'`,
      [id, s.status, s.status === 'dispatched' ? s.eventId : null, s.status === 'dispatched' ? null : s.reason],
    );
  }

  /**
   * Counts a failure of the row on its own, and fails it with `reason(failures)` once it has
   * failed `failAfter` times; returns true when it was failed. A row that cannot be dispatched
   * (a stored request today's code cannot handle) must not be retried until it expires.
   */
  async recordFailure(id: string, failAfter: number, reason: (failures: number) => string): Promise<boolean> {
    const { rows } = await this.tx.query<{ dispatch_failures: number }>(
      `UPDATE scheduled_events SET dispatch_failures = dispatch_failures + 1, updated_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING dispatch_failures`,
      [id],
    );
    const failures = rows[0]?.dispatch_failures;
    if (failures === undefined || failures < failAfter) return false;
    await this.settle(id, { status: 'failed', reason: reason(failures) });
    return true;
  }

  /** Milliseconds until the next pending row falls due (by the database clock); undefined when none is waiting. */
  async msUntilNextDue(): Promise<number | undefined> {
    const { rows } = await this.tx.query<{ ms: number | null }>(
      `SELECT (extract(epoch FROM min(scheduled_for) - now()) * 1000)::float8 AS ms
         FROM scheduled_events WHERE status = 'pending' AND scheduled_for > now()`,
    );
    return rows[0].ms ?? undefined;
  }
}
