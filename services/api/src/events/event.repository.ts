import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export type { EventSummary } from '@herald/intake';

export interface EventFilters {
  status?: string;
  priority?: string;
  event_type?: string;
  date_from?: string;
  date_to?: string;
}

/** The read side of events; the write side (event + outbox in one statement) is @herald/intake's EventStoreRepository. */
export class EventRepository {
  constructor(private readonly db: Queryable) {}

  list(projectId: string, filters: EventFilters, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId)
      .add('status = ?', filters.status)
      .add('priority = ?', filters.priority)
      .add('event_type = ?', filters.event_type)
      .add('created_at >= ?', filters.date_from)
      .add('created_at <= ?', filters.date_to);
    return pageQuery(this.db, {
      select: 'id, event_type, priority, status, recipient_count, notification_count, delivered_count, failed_count, created_at',
      from: 'events',
      where,
      orderBy: 'created_at DESC, id DESC',
      page,
    });
  }

  async findDetail(projectId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.db.query(
      `SELECT e.id, e.event_type, e.status, e.priority, e.payload, e.recipient_count, e.has_failures, e.idempotency_key,
              e.metadata, e.failure_reason, e.created_at, e.updated_at,
              COALESCE((SELECT json_agg(json_build_object('id', n.id, 'channel', n.channel, 'status', n.status, 'recipient', n.recipient)
                                 ORDER BY n.recipient_index, n.channel)
                          FROM notifications n WHERE n.event_id = e.id), '[]'::json) AS notifications
         FROM events e WHERE e.project_id = $1 AND e.id = $2`,
      [projectId, id],
    );
    return rows[0];
  }
}
