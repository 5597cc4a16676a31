import type { Queryable } from '@herald/db';
import type { OutboxMessage } from '@herald/outbox';
import type { EventInput } from '../domain/event-input';
import { notificationCount } from '../domain/event-input';
import { pageQuery, type Page, type PageRequest } from './paging';

export interface NewEvent {
  id: string;
  projectId: string;
  apiKeyId: string;
  input: EventInput;
  requestHash: string;
  batchId?: string;
  requestId?: string;
}

export interface EventSummary {
  id: string;
  event_type: string;
  status: string;
  priority: string;
  recipient_count: number;
  has_failures: boolean;
  idempotency_key: string | null;
  created_at: Date;
  updated_at: Date;
}

const SUMMARY_COLUMNS = 'id, event_type, status, priority, recipient_count, has_failures, idempotency_key, created_at, updated_at';

export interface EventFilters {
  status?: string;
  priority?: string;
  event_type?: string;
  date_from?: string;
  date_to?: string;
}

export class EventRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Inserts the event and its outbox message in one statement (one round trip, one implicit
   * transaction). A clashing idempotency key inserts neither and returns undefined; the unique
   * index makes concurrent duplicates wait for the first and then see it.
   */
  async insertWithOutbox(e: NewEvent, outbox: OutboxMessage): Promise<EventSummary | undefined> {
    const { input } = e;
    const content = input.inline
      ? { inline: input.inline }
      : input.template_id
        ? { template_id: input.template_id }
        : { template_name: input.template_name };
    const { rows } = await this.db.query<EventSummary>(
      `WITH inserted AS (
         INSERT INTO events (id, project_id, api_key_id, event_type, priority, payload, recipients, content, attachments,
                             metadata, idempotency_key, request_hash, batch_id, request_id, recipient_count, notification_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         ON CONFLICT (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING ${SUMMARY_COLUMNS}
       ), relayed AS (
         INSERT INTO outbox (exchange, routing_key, payload, headers)
         SELECT $17, $18, $19::jsonb, $20::jsonb FROM inserted
       )
       SELECT * FROM inserted`,
      [
        e.id,
        e.projectId,
        e.apiKeyId,
        input.event_type,
        input.priority ?? 'medium',
        JSON.stringify(input.payload),
        JSON.stringify(input.recipients),
        JSON.stringify(content),
        JSON.stringify(input.attachments ?? []),
        input.metadata === undefined ? null : JSON.stringify(input.metadata),
        input.idempotency_key ?? null,
        e.requestHash,
        e.batchId ?? null,
        e.requestId ?? null,
        input.recipients.length,
        notificationCount(input),
        outbox.exchange,
        outbox.routingKey,
        JSON.stringify(outbox.payload),
        JSON.stringify(outbox.headers),
      ],
    );
    return rows[0];
  }

  async findByIdempotencyKey(projectId: string, key: string): Promise<(EventSummary & { request_hash: string }) | undefined> {
    const { rows } = await this.db.query<EventSummary & { request_hash: string }>(
      `SELECT ${SUMMARY_COLUMNS}, request_hash FROM events WHERE project_id = $1 AND idempotency_key = $2`,
      [projectId, key],
    );
    return rows[0];
  }

  list(projectId: string, filters: EventFilters, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = ['project_id = $1'];
    const params: unknown[] = [projectId];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filters.status) add('status = ?', filters.status);
    if (filters.priority) add('priority = ?', filters.priority);
    if (filters.event_type) add('event_type = ?', filters.event_type);
    if (filters.date_from) add('created_at >= ?', filters.date_from);
    if (filters.date_to) add('created_at <= ?', filters.date_to);
    return pageQuery(this.db, {
      select: 'id, event_type, priority, status, created_at',
      from: 'events',
      where,
      params,
      orderBy: 'created_at DESC, id DESC',
      page,
    });
  }

  async findDetail(projectId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.db.query(
      `SELECT e.id, e.event_type, e.status, e.priority, e.payload, e.recipient_count, e.has_failures, e.idempotency_key,
              e.metadata, e.created_at, e.updated_at,
              COALESCE((SELECT json_agg(json_build_object('id', n.id, 'channel', n.channel, 'status', n.status, 'recipient', n.recipient)
                                 ORDER BY n.recipient_index, n.channel)
                          FROM notifications n WHERE n.event_id = e.id), '[]'::json) AS notifications
         FROM events e WHERE e.project_id = $1 AND e.id = $2`,
      [projectId, id],
    );
    return rows[0];
  }
}
