import type { Queryable } from '@herald/db';

/** One recorded delivery attempt as the live stream shows it. */
export interface AttemptRow {
  /** notification_logs.id: the stream's cursor (a bigint, as text). */
  id: string;
  /** Null when the notification was deleted since (retention, project deletion): nothing to show. */
  project_id: string | null;
  notification_id: string;
  event_id: string | null;
  event_type: string | null;
  recipient: string | null;
  channel: string | null;
  outcome: string;
  attempt: number;
  error: string | null;
  /** The provider call's duration, where the provider reports one (webhook, SMTP). */
  latency_ms: number | null;
  at: Date;
  accepted_at: Date | null;
}

export interface StreamFilters {
  channel?: string;
  outcome?: string;
  event_id?: string;
}

// LEFT JOINs: an attempt whose notification is gone still counts for the cursor's continuity
// (the feed tells a gap in ids from a row it may not show).
const ATTEMPT_COLUMNS = `
SELECT l.id::text AS id, n.project_id, l.notification_id, n.event_id, e.event_type, n.recipient, n.channel,
       l.status AS outcome, l.attempt, l.error,
       CASE WHEN jsonb_typeof(l.provider_response->'latency_ms') = 'number' THEN (l.provider_response->>'latency_ms')::float8 END AS latency_ms,
       l.created_at AS at, e.created_at AS accepted_at
  FROM notification_logs l
  LEFT JOIN notifications n ON n.id = l.notification_id
  LEFT JOIN events e ON e.id = n.event_id`;

/** The reads of the live feed: all on notification_logs' primary key, all bounded. */
export class DeliveryFeedRepository {
  constructor(private readonly db: Queryable) {}

  /** The newest attempt's id (0 when none): where a feed starting now begins. */
  async latestId(): Promise<bigint> {
    const { rows } = await this.db.query<{ id: string | null }>('SELECT max(id)::text AS id FROM notification_logs');
    return BigInt(rows[0]?.id ?? '0');
  }

  /** Attempts after `cursor`, every project, in id order. */
  async after(cursor: bigint, limit: number): Promise<AttemptRow[]> {
    const { rows } = await this.db.query<AttemptRow>(`${ATTEMPT_COLUMNS} WHERE l.id > $1 ORDER BY l.id LIMIT $2`, [
      cursor.toString(),
      limit,
    ]);
    return rows;
  }

  /** One project's attempts in (from, to], filtered, in id order: what a resuming viewer missed. */
  async between(projectId: string, from: bigint, to: bigint, filters: StreamFilters, limit: number): Promise<AttemptRow[]> {
    const { rows } = await this.db.query<AttemptRow>(
      `${ATTEMPT_COLUMNS}
        WHERE l.id > $1 AND l.id <= $2 AND n.project_id = $3
          AND ($4::text IS NULL OR n.channel = $4) AND ($5::text IS NULL OR l.status = $5) AND ($6::uuid IS NULL OR n.event_id = $6)
        ORDER BY l.id LIMIT $7`,
      [from.toString(), to.toString(), projectId, filters.channel ?? null, filters.outcome ?? null, filters.event_id ?? null, limit],
    );
    return rows;
  }

  /**
   * True when `id` is an attempt recorded within the last `windowS` seconds, of any project: a
   * stream's `ready` and `reset` carry the feed's cursor, the last attempt it read, which is as
   * often another project's as the viewer's own. What is replayed is only ever the viewer's.
   */
  async isRecent(id: bigint, windowS: number): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM notification_logs WHERE id = $1 AND created_at > now() - make_interval(secs => $2)`,
      [id.toString(), windowS],
    );
    return rows.length === 1;
  }

  /**
   * The oldest transaction still running and the first not yet started, cluster-wide: once the
   * oldest running one is past what was the first not yet started, every transaction that was
   * running then has ended.
   */
  async snapshot(): Promise<{ xmin: bigint; xmax: bigint }> {
    const { rows } = await this.db.query<{ xmin: string; xmax: string }>(
      'SELECT pg_snapshot_xmin(s)::text AS xmin, pg_snapshot_xmax(s)::text AS xmax FROM pg_current_snapshot() s',
    );
    return { xmin: BigInt(rows[0].xmin), xmax: BigInt(rows[0].xmax) };
  }
}
