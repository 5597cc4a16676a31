import type { Channel } from '@herald/contracts';
import type { Database } from '@herald/db';
import type { EventContent, NotificationContent, TemplateForRender } from '../domain/compose-content';
import type { PlannedNotification, RecipientSpec } from '../domain/plan-notifications';

export interface StoredEvent {
  id: string;
  project_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  recipients: RecipientSpec[];
  content: EventContent;
}

export interface NotificationToCreate extends PlannedNotification {
  status: 'processing' | 'failed' | 'suppressed';
  content: NotificationContent | null;
  lastError: string | null;
}

export interface PendingNotification {
  id: string;
  channel: Channel;
  recipient: string;
}

export class FanoutRepository {
  constructor(private readonly db: Database) {}

  async loadEvent(id: string): Promise<StoredEvent | undefined> {
    const { rows } = await this.db.query<StoredEvent>(
      'SELECT id, project_id, event_type, payload, recipients, content FROM events WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async loadTemplates(projectId: string, content: EventContent): Promise<TemplateForRender[]> {
    if (content.inline) return [];
    const byId = content.template_id !== undefined;
    const { rows } = await this.db.query<TemplateForRender>(
      `SELECT id, channel, subject, body, text_body, from_local, from_name, reply_to, on_missing_variable
         FROM templates WHERE project_id = $1 AND ${byId ? 'id = $2' : 'name = $2'}`,
      [projectId, byId ? content.template_id : content.template_name],
    );
    return rows;
  }

  /** `channel:recipient` keys of the planned recipients that are on the project's suppression list. */
  async suppressed(projectId: string, planned: PlannedNotification[]): Promise<Set<string>> {
    const { rows } = await this.db.query<{ key: string }>(
      `SELECT s.channel || ':' || s.recipient AS key FROM suppressions s
         JOIN unnest($2::text[], $3::text[]) AS p(channel, recipient) ON s.channel = p.channel AND s.recipient = p.recipient
        WHERE s.project_id = $1`,
      [projectId, planned.map((p) => p.channel), planned.map((p) => p.recipient)],
    );
    return new Set(rows.map((r) => r.key));
  }

  /**
   * Creates the notifications and moves the event on, in one transaction. The unique
   * (event_id, recipient_index, channel) index turns a redelivered event message into a no-op,
   * and only rows actually inserted move the event's counters. Notifications that are terminal
   * from birth (suppressed, or failed to render) count at once; when all are, the event is final.
   */
  async createNotifications(event: StoredEvent, notifications: NotificationToCreate[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ failed: number; suppressed: number }>(
        `WITH inserted AS (
           INSERT INTO notifications (project_id, event_id, recipient_index, channel, recipient, user_id, status, content, last_error)
           SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::text[])
           ON CONFLICT (event_id, recipient_index, channel) DO NOTHING
           RETURNING status
         )
         SELECT count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*) FILTER (WHERE status = 'suppressed')::int AS suppressed FROM inserted`,
        [
          event.project_id,
          event.id,
          notifications.map((n) => n.recipientIndex),
          notifications.map((n) => n.channel),
          notifications.map((n) => n.recipient),
          notifications.map((n) => n.userId ?? null),
          notifications.map((n) => n.status),
          notifications.map((n) => (n.content ? JSON.stringify(n.content) : null)),
          notifications.map((n) => n.lastError),
        ],
      );
      const { failed, suppressed } = rows[0];
      await tx.query(
        `UPDATE events SET
           failed_count = failed_count + $2::int,
           suppressed_count = suppressed_count + $3::int,
           has_failures = has_failures OR $2::int > 0,
           status = CASE
             WHEN delivered_count + failed_count + suppressed_count + $2::int + $3::int < notification_count THEN 'processing'
             WHEN failed_count + $2::int = 0 THEN 'completed'
             WHEN delivered_count = 0 AND suppressed_count + $3::int = 0 THEN 'failed'
             ELSE 'partially_failed' END,
           updated_at = now()
         WHERE id = $1 AND (status = 'accepted' OR $2::int + $3::int > 0)`,
        [event.id, failed, suppressed],
      );
    });
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
