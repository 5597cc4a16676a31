import type { Queryable } from '@herald/db';
import type { EventInput } from '@herald/intake';

export interface DueEvent {
  id: string;
  project_id: string;
  api_key_id: string;
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
   * Locks up to `limit` due pending rows, oldest first. SKIP LOCKED lets every replica claim a
   * different share instead of waiting, and a row another replica has just settled no longer
   * matches `status = 'pending'` when re-checked, so no row is ever dispatched twice.
   */
  async claim(limit: number, skip: string[]): Promise<DueEvent[]> {
    const { rows } = await this.tx.query<DueEvent>(
      `SELECT id, project_id, api_key_id, request, request_id, scheduled_for,
              scheduled_for < now() - interval '1 hour' AS late,
              (extract(epoch FROM now() - scheduled_for) * 1000)::float8 AS lag_ms
         FROM scheduled_events
        WHERE status = 'pending' AND scheduled_for <= now() AND NOT (id = ANY($2::uuid[]))
        ORDER BY scheduled_for
        LIMIT $1
          FOR UPDATE SKIP LOCKED`,
      [limit, skip],
    );
    return rows;
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

  /** Milliseconds until the next pending row falls due (by the database clock); undefined when none is waiting. */
  async msUntilNextDue(): Promise<number | undefined> {
    const { rows } = await this.tx.query<{ ms: number | null }>(
      `SELECT (extract(epoch FROM min(scheduled_for) - now()) * 1000)::float8 AS ms
         FROM scheduled_events WHERE status = 'pending' AND scheduled_for > now()`,
    );
    return rows[0].ms ?? undefined;
  }
}
