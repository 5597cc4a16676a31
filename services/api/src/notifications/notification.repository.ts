import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface NotificationFilters {
  status?: string;
  channel?: string;
  recipient?: string;
  date_from?: string;
  date_to?: string;
}

export class NotificationRepository {
  constructor(private readonly db: Queryable) {}

  list(projectId: string, filters: NotificationFilters, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId)
      .add('status = ?', filters.status)
      .add('channel = ?', filters.channel)
      .add('recipient = ?', filters.recipient)
      .add('created_at >= ?', filters.date_from)
      .add('created_at <= ?', filters.date_to);
    return pageQuery(this.db, {
      select: 'id, event_id, channel, status, recipient, retry_count, last_error, created_at, updated_at',
      from: 'notifications',
      where,
      orderBy: 'created_at DESC, id DESC',
      page,
    });
  }

  async findDetail(projectId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.db.query(
      `SELECT n.id, n.event_id, n.channel, n.status, n.recipient, n.retry_count, n.last_error, n.created_at, n.updated_at,
              COALESCE((SELECT json_agg(json_build_object('attempt', l.attempt, 'status', l.status, 'timestamp', l.created_at,
                                                          'provider_response', l.provider_response, 'error', l.error,
                                                          'next_retry_at', l.next_retry_at) ORDER BY l.id)
                          FROM notification_logs l WHERE l.notification_id = n.id), '[]'::json) AS notification_logs
         FROM notifications n WHERE n.project_id = $1 AND n.id = $2`,
      [projectId, id],
    );
    return rows[0];
  }
}
