import type { Channel } from '@herald/contracts';
import { eventStatusSql, failureReasonSql, type Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

/** The list's filters: a bulk replay's (ReplayFilter) and the record's status. */
export interface DeadLetterFilters {
  status?: string;
  channel?: string;
  error_type?: string;
  created_from?: string;
  created_to?: string;
}

/** Which active dead letters a bulk replay takes; every field narrows. */
export interface ReplayFilter {
  channel?: Channel;
  error_type?: string;
  created_from?: string;
  created_to?: string;
  /** Only the deliveries of one consumer endpoint (its replay, docs/consumers.md). */
  endpoint_id?: string;
}

export interface RequeueTarget {
  /** Exchange the requeued deliveries are written for (the outbox relay publishes them). */
  exchange: string;
  /** A fresh attempt budget per channel. */
  maxAttempts: Record<Channel, number>;
  headers: Record<string, string>;
}

const DETAIL_COLUMNS = `id, notification_id, (message ->> 'event_id')::uuid AS event_id, channel, recipient, retry_count, status,
  error_type, error_message, created_at, updated_at`;

// Marks the dead letters retried, moves their notifications back to processing, takes them out
// of their events' failed counts (the event is in flight again), and writes one delivery per
// notification into the outbox: attempt = attempts so far + 1, budget = attempts so far + the
// channel's maxAttempts. One statement, so nothing is ever half requeued. A notification that
// is no longer failed gets no delivery (requeued counts only the deliveries written). Messages
// dead-lettered by earlier versions carried recipient and payload: the worker loads those now,
// so they are left out of the copy.
const REQUEUE = `
WITH dl AS (
  UPDATE dead_letters SET status = 'retried', updated_at = now()
   WHERE id = ANY($1::uuid[]) AND status = 'active'
  RETURNING id, notification_id, channel, message, retry_count
), moved AS (
  UPDATE notifications n SET status = 'processing', updated_at = now()
    FROM dl WHERE n.id = dl.notification_id AND n.status = 'failed'
  RETURNING n.id, n.event_id
), ev AS (
  UPDATE events e
     SET failed_count = GREATEST(e.failed_count - c.k, 0),
         has_failures = e.failed_count - c.k > 0,
         failure_reason = ${failureReasonSql('e.failed_count - c.k')},
         status = ${eventStatusSql({
           delivered: 'e.delivered_count',
           failed: 'GREATEST(e.failed_count - c.k, 0)',
           suppressed: 'e.suppressed_count',
           total: 'e.notification_count',
           whileOpen: "'processing'",
         })},
         updated_at = now()
    FROM (SELECT event_id, count(*)::int AS k FROM moved GROUP BY event_id) c
   WHERE e.id = c.event_id
), queued AS (
  INSERT INTO outbox (exchange, routing_key, payload, headers)
  SELECT $2, dl.channel,
         (dl.message - 'recipient' - 'event_type' - 'payload' - 'target') || jsonb_build_object('attempt', p.prev + 1, 'max_attempts', p.prev + ($3::jsonb ->> dl.channel)::int),
         $4::jsonb
    FROM dl JOIN moved ON moved.id = dl.notification_id
   CROSS JOIN LATERAL (SELECT GREATEST(COALESCE((dl.message ->> 'attempt')::int, 0), dl.retry_count + 1) AS prev) p
  RETURNING 1
)
SELECT (SELECT count(*) FROM dl)::int AS retried, (SELECT count(*) FROM queued)::int AS requeued`;

export class DeadLetterRepository {
  constructor(private readonly db: Queryable) {}

  list(projectId: string, filters: DeadLetterFilters, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId)
      .add('status = ?', filters.status)
      .add('channel = ?', filters.channel)
      .add('error_type = ?', filters.error_type)
      .add('created_at >= ?', filters.created_from)
      .add('created_at <= ?', filters.created_to);
    return pageQuery(this.db, {
      select: 'id, notification_id, channel, recipient, retry_count, status, error_type, created_at, updated_at',
      from: 'dead_letters',
      where,
      orderBy: 'created_at DESC, id DESC',
      page,
    });
  }

  async find(projectId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.db.query(`SELECT ${DETAIL_COLUMNS} FROM dead_letters WHERE project_id = $1 AND id = $2`, [projectId, id]);
    return rows[0];
  }

  /** Locks one record, waiting for whoever holds it, so its status is settled when read. */
  async lock(projectId: string, id: string): Promise<{ id: string; status: string } | undefined> {
    const { rows } = await this.db.query<{ id: string; status: string }>(
      'SELECT id, status FROM dead_letters WHERE project_id = $1 AND id = $2 FOR UPDATE',
      [projectId, id],
    );
    return rows[0];
  }

  /**
   * Active records matching the filter, counted per project (every project when none is named):
   * what a platform-wide replay (`herald dead-letter replay`) is about to take.
   */
  async activeByProject(projectId: string | undefined, filter: ReplayFilter): Promise<Array<{ project_id: string; active: number }>> {
    const where = new Where(projectId)
      .add('status = ?', 'active')
      .add('channel = ?', filter.channel)
      .add('error_type = ?', filter.error_type)
      .add('created_at >= ?', filter.created_from)
      .add('created_at <= ?', filter.created_to);
    const { rows } = await this.db.query<{ project_id: string; active: number }>(
      `SELECT project_id, count(*)::int AS active FROM dead_letters WHERE ${where.clauses.join(' AND ')} GROUP BY project_id ORDER BY project_id`,
      where.params,
    );
    return rows;
  }

  /** Locks the next page of matching active records, oldest first, skipping what a concurrent replay holds. */
  async lockActivePage(projectId: string, filter: ReplayFilter, limit: number): Promise<string[]> {
    const where = ['project_id = $1', "status = 'active'"];
    const params: unknown[] = [projectId];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.channel) add('channel = ?', filter.channel);
    if (filter.error_type) add('error_type = ?', filter.error_type);
    if (filter.created_from) add('created_at >= ?', filter.created_from);
    if (filter.created_to) add('created_at <= ?', filter.created_to);
    if (filter.endpoint_id) add('notification_id IN (SELECT id FROM notifications WHERE endpoint_id = ?)', filter.endpoint_id);
    params.push(limit);
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT id FROM dead_letters WHERE ${where.join(' AND ')}
        ORDER BY created_at, id LIMIT $${params.length} FOR UPDATE SKIP LOCKED`,
      params,
    );
    return rows.map((r) => r.id);
  }

  /** Requeues locked active records (see REQUEUE). Events are locked first, in id order, so concurrent replays cannot deadlock. */
  async requeue(ids: string[], target: RequeueTarget): Promise<{ retried: number; requeued: number }> {
    await this.db.query(
      `SELECT e.id FROM events e
        WHERE e.id IN (SELECT n.event_id FROM dead_letters d JOIN notifications n ON n.id = d.notification_id WHERE d.id = ANY($1::uuid[]))
        ORDER BY e.id FOR UPDATE OF e`,
      [ids],
    );
    const { rows } = await this.db.query<{ retried: number; requeued: number }>(REQUEUE, [
      ids,
      target.exchange,
      JSON.stringify(target.maxAttempts),
      JSON.stringify(target.headers),
    ]);
    return rows[0];
  }

  async discard(projectId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE dead_letters SET status = 'discarded', updated_at = now() WHERE project_id = $1 AND id = $2 AND status = 'active'`,
      [projectId, id],
    );
    return (rowCount ?? 0) > 0;
  }
}
