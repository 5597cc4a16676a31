import type { Channel } from '@herald/contracts';
import type { Queryable } from '@herald/db';

export interface Range {
  from: Date;
  to: Date;
}

export interface StatusCount {
  channel: Channel;
  status: string;
  n: number;
}

export interface TrendRow {
  bucket: Date;
  notifications: number;
  delivered: number;
  failed: number;
}

const HOUR_MS = 3600 * 1000;

/**
 * A range split for the rollup: whole UTC hours [wholeFrom, wholeTo) come from the hourly counts,
 * the partial hours at either end ([from, wholeFrom) and [wholeTo, to]) from the notifications
 * index. A range inside one hour has no whole hours: wholeFrom = wholeTo = from.
 */
export function splitRange({ from, to }: Range): { from: Date; wholeFrom: Date; wholeTo: Date; to: Date } {
  const wholeFrom = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
  const wholeTo = new Date(Math.floor((to.getTime() + 1) / HOUR_MS) * HOUR_MS);
  return wholeFrom < wholeTo ? { from, wholeFrom, wholeTo, to } : { from, wholeFrom: from, wholeTo: from, to };
}

/**
 * Counts per (bucket, channel, status) over a range: whole hours from the hourly rollup, the
 * partial hours at either end from the notifications index (it INCLUDEs channel and status, so
 * those are index-only scans). $1 the projects, $2 from, $3 wholeFrom, $4 wholeTo, $5 to, $6 bucket
 * unit. Plans: docs/analytics-query-plans.md.
 */
const NOTIFICATION_COUNTS = `
  SELECT date_trunc($6, hour AT TIME ZONE 'UTC') AS bucket, channel, status, notifications AS n
    FROM notification_counts_hourly WHERE project_id = ANY ($1::uuid[]) AND hour >= $3 AND hour < $4
  UNION ALL
  SELECT date_trunc($6, created_at AT TIME ZONE 'UTC'), channel, status, count(*)
    FROM notifications WHERE project_id = ANY ($1::uuid[]) AND created_at >= $2 AND created_at < $3 GROUP BY 1, 2, 3
  UNION ALL
  SELECT date_trunc($6, created_at AT TIME ZONE 'UTC'), channel, status, count(*)
    FROM notifications WHERE project_id = ANY ($1::uuid[]) AND created_at >= $4 AND created_at <= $5 GROUP BY 1, 2, 3`;

/**
 * Analytics reads, bounded by the hours of the range (plus at most two partial hours of rows),
 * never by the number of notifications in it. The rollup trails the live tables by one
 * compaction (every 5 s in each api process); the partial hours are read live.
 */
export class AnalyticsRepository {
  constructor(private readonly db: Queryable) {}

  async countEvents(projects: string[], range: Range): Promise<number> {
    const r = splitRange(range);
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT (COALESCE((SELECT sum(events) FROM event_counts_hourly WHERE project_id = ANY ($1::uuid[]) AND hour >= $3 AND hour < $4), 0)
             + (SELECT count(*) FROM events WHERE project_id = ANY ($1::uuid[]) AND created_at >= $2 AND created_at < $3)
             + (SELECT count(*) FROM events WHERE project_id = ANY ($1::uuid[]) AND created_at >= $4 AND created_at <= $5))::int AS n`,
      [projects, r.from, r.wholeFrom, r.wholeTo, r.to],
    );
    return rows[0].n;
  }

  async countByStatus(projects: string[], range: Range): Promise<StatusCount[]> {
    const r = splitRange(range);
    const { rows } = await this.db.query<StatusCount>(
      `SELECT channel, status, sum(n)::int AS n FROM (${NOTIFICATION_COUNTS}) c GROUP BY channel, status HAVING sum(n) <> 0`,
      [projects, r.from, r.wholeFrom, r.wholeTo, r.to, 'hour'],
    );
    return rows;
  }

  /** UTC buckets from the one holding `from` to the one holding `to`; empty buckets come back as zeros. */
  async trend(projects: string[], range: Range, unit: 'hour' | 'day'): Promise<TrendRow[]> {
    const r = splitRange(range);
    const { rows } = await this.db.query<TrendRow>(
      `WITH counts AS (
         SELECT bucket, sum(n)::int AS notifications,
                (sum(n) FILTER (WHERE status = 'delivered'))::int AS delivered,
                (sum(n) FILTER (WHERE status = 'failed'))::int AS failed
           FROM (${NOTIFICATION_COUNTS}) c GROUP BY bucket
       )
       SELECT b AT TIME ZONE 'UTC' AS bucket,
              COALESCE(c.notifications, 0) AS notifications,
              COALESCE(c.delivered, 0) AS delivered,
              COALESCE(c.failed, 0) AS failed
         FROM generate_series(date_trunc($6, $2::timestamptz AT TIME ZONE 'UTC'),
                              date_trunc($6, $5::timestamptz AT TIME ZONE 'UTC'),
                              ('1 ' || $6)::interval) AS b
         LEFT JOIN counts c ON c.bucket = b
        ORDER BY b`,
      [projects, r.from, r.wholeFrom, r.wholeTo, r.to, unit],
    );
    return rows;
  }

  /**
   * Folds pending deltas into the hourly counts, in passes of `batch` rows, each one transaction
   * (a reader sees a delta before or after it is folded, never twice). One process at a time,
   * under a transaction-level advisory lock; a caller waits for a compaction in progress, so it
   * folds every delta committed before the call. Returns the deltas folded.
   */
  static async compact(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, batch = 50_000): Promise<number> {
    let folded = 0;
    for (;;) {
      const n = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(727002)');
        const moved = await tx.query<{ n: number }>(
          `WITH moved AS (
             DELETE FROM count_deltas WHERE ctid = ANY (ARRAY(SELECT ctid FROM count_deltas LIMIT $1))
             RETURNING project_id, hour, channel, status, delta
           ), events AS (
             INSERT INTO event_counts_hourly (project_id, hour, events)
             SELECT project_id, hour, sum(delta) FROM moved WHERE channel IS NULL GROUP BY 1, 2
             ON CONFLICT (project_id, hour) DO UPDATE SET events = event_counts_hourly.events + EXCLUDED.events
           ), notifications AS (
             INSERT INTO notification_counts_hourly (project_id, hour, channel, status, notifications)
             SELECT project_id, hour, channel, status, sum(delta) FROM moved WHERE channel IS NOT NULL GROUP BY 1, 2, 3, 4
             ON CONFLICT (project_id, hour, channel, status)
               DO UPDATE SET notifications = notification_counts_hourly.notifications + EXCLUDED.notifications
           )
           SELECT count(*)::int AS n FROM moved`,
          [batch],
        );
        return moved.rows[0].n;
      });
      folded += n;
      if (n < batch) return folded;
    }
  }
}
