import type { Channel } from '@herald/contracts';
import type { Database, Sql } from '@herald/db';
import type { EventContent, NotificationContent, TemplateForRender } from '../domain/compose-content';
import type { PlannedNotification, RecipientSpec } from '../domain/plan-notifications';

export interface StoredEvent {
  id: string;
  project_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  recipients: RecipientSpec[];
  content: EventContent;
  /** The templates the event's content names (none for inline content). */
  templates: TemplateForRender[];
}

export interface NotificationToCreate extends PlannedNotification {
  status: 'processing' | 'failed';
  content: NotificationContent | null;
  lastError: string | null;
}

export interface PendingNotification {
  id: string;
  channel: Channel;
  recipient: string;
}

/** Prepared once per connection: these run for every event. */
const LOAD_EVENT: Sql = {
  name: 'fanout-load-event',
  text: `SELECT e.id, e.project_id, e.event_type, e.payload, e.recipients, e.content,
                COALESCE((SELECT json_agg(t) FROM (
                  SELECT id, channel, subject, body, text_body, from_local, from_name, reply_to, on_missing_variable
                    FROM templates
                   WHERE project_id = e.project_id
                     AND (id = (e.content->>'template_id')::uuid OR name = e.content->>'template_name')) t), '[]'::json) AS templates
           FROM events e WHERE e.id = $1`,
};

/**
 * One statement, so one implicit transaction: suppressed recipients are decided against the
 * suppression list, notifications inserted (the unique (event_id, recipient_index, channel)
 * index makes a redelivered message insert nothing), the event's counters and status move by
 * what was actually inserted, and the sendable new notifications come back to be queued.
 */
const CREATE_NOTIFICATIONS: Sql = {
  name: 'fanout-create-notifications',
  text: `WITH planned AS (
           SELECT * FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::text[])
             AS p(recipient_index, channel, recipient, user_id, status, content, last_error)
         ), inserted AS (
           INSERT INTO notifications (project_id, event_id, recipient_index, channel, recipient, user_id, status, content, last_error)
           SELECT $1, $2, p.recipient_index, p.channel, p.recipient, p.user_id,
                  CASE WHEN s.id IS NULL THEN p.status ELSE 'suppressed' END,
                  CASE WHEN s.id IS NULL THEN p.content END,
                  CASE WHEN s.id IS NULL THEN p.last_error END
             FROM planned p
             LEFT JOIN suppressions s ON s.project_id = $1 AND s.channel = p.channel AND s.recipient = p.recipient
           ON CONFLICT (event_id, recipient_index, channel) DO NOTHING
           RETURNING id, channel, recipient, status
         ), counts AS (
           SELECT count(*)::int AS n,
                  count(*) FILTER (WHERE status = 'failed')::int AS failed,
                  count(*) FILTER (WHERE status = 'suppressed')::int AS suppressed
             FROM inserted
         ), moved AS (
           UPDATE events e SET
             failed_count = e.failed_count + c.failed,
             suppressed_count = e.suppressed_count + c.suppressed,
             has_failures = e.has_failures OR c.failed > 0,
             status = CASE
               WHEN e.delivered_count + e.failed_count + e.suppressed_count + c.failed + c.suppressed < e.notification_count THEN 'processing'
               WHEN e.failed_count + c.failed = 0 THEN 'completed'
               WHEN e.delivered_count = 0 AND e.suppressed_count + c.suppressed = 0 THEN 'failed'
               ELSE 'partially_failed' END,
             updated_at = now()
             FROM counts c
            WHERE e.id = $2 AND c.n > 0
         )
         SELECT id, channel, recipient, (SELECT n FROM counts) AS inserted FROM inserted WHERE status = 'processing'
         UNION ALL SELECT NULL, NULL, NULL, (SELECT n FROM counts)`,
};

export class FanoutRepository {
  constructor(private readonly db: Database) {}

  async loadEvent(id: string): Promise<StoredEvent | undefined> {
    const { rows } = await this.db.query<StoredEvent>(LOAD_EVENT, [id]);
    return rows[0];
  }

  /** Returns the new sendable notifications, or undefined when the event had been fanned out before. */
  async createNotifications(event: StoredEvent, notifications: NotificationToCreate[]): Promise<PendingNotification[] | undefined> {
    const { rows } = await this.db.query<PendingNotification & { inserted: number }>(CREATE_NOTIFICATIONS, [
      event.project_id,
      event.id,
      notifications.map((n) => n.recipientIndex),
      notifications.map((n) => n.channel),
      notifications.map((n) => n.recipient),
      notifications.map((n) => n.userId ?? null),
      notifications.map((n) => n.status),
      notifications.map((n) => (n.content ? JSON.stringify(n.content) : null)),
      notifications.map((n) => n.lastError),
    ]);
    if (rows[rows.length - 1].inserted === 0) return undefined;
    return rows.filter((r) => r.id !== null).map(({ id, channel, recipient }) => ({ id, channel, recipient }));
  }

  /**
   * Notifications not yet attempted. After a crash between commit and publish, the redelivered
   * event message republishes exactly these; workers skip any that finished meanwhile.
   */
  async pendingNotifications(eventId: string): Promise<PendingNotification[]> {
    const { rows } = await this.db.query<PendingNotification>(
      `SELECT n.id, n.channel, n.recipient FROM notifications n
        WHERE n.event_id = $1 AND n.status = 'processing'
          AND NOT EXISTS (SELECT 1 FROM notification_logs l WHERE l.notification_id = n.id)
        ORDER BY n.recipient_index, n.channel`,
      [eventId],
    );
    return rows;
  }
}
