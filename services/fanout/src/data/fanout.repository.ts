import type { Channel } from '@herald/contracts';
import type { Database } from '@herald/db';

export interface StoredEvent {
  id: string;
  project_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  recipients: Array<{ channels: Channel[]; email?: string; phone?: string; webhook_url?: string; user_id?: string }>;
}

export interface PlannedNotification {
  recipientIndex: number;
  channel: Channel;
  recipient: string;
  userId?: string;
}

export interface PendingNotification {
  id: string;
  channel: Channel;
  recipient: string;
}

export class FanoutRepository {
  constructor(private readonly db: Database) {}

  async loadEvent(id: string): Promise<StoredEvent | undefined> {
    const { rows } = await this.db.query<StoredEvent>('SELECT id, project_id, event_type, payload, recipients FROM events WHERE id = $1', [
      id,
    ]);
    return rows[0];
  }

  /**
   * Creates the notifications and moves the event to processing in one transaction. The unique
   * (event_id, recipient_index, channel) index turns a redelivered event message into a no-op,
   * so notifications exist exactly once however often the message arrives.
   */
  async createNotifications(event: StoredEvent, planned: PlannedNotification[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO notifications (project_id, event_id, recipient_index, channel, recipient, user_id)
         SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[], $6::text[])
         ON CONFLICT (event_id, recipient_index, channel) DO NOTHING`,
        [
          event.project_id,
          event.id,
          planned.map((p) => p.recipientIndex),
          planned.map((p) => p.channel),
          planned.map((p) => p.recipient),
          planned.map((p) => p.userId ?? null),
        ],
      );
      await tx.query(`UPDATE events SET status = 'processing', updated_at = now() WHERE id = $1 AND status = 'accepted'`, [event.id]);
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
