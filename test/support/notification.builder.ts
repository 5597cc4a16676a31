import { randomUUID } from 'node:crypto';
import type { Channel, DeliveryMessage } from '@herald/contracts';
import type { Database } from '@herald/db';

export interface BuiltNotification {
  eventId: string;
  notificationId: string;
  /** The delivery message fan-out would publish for it (attempt 1). */
  message: DeliveryMessage;
}

export interface Attachment {
  filename: string;
  url: string;
  size_bytes: number;
}

/**
 * Inserts an event and one notification with plain SQL, the way fan-out leaves them: rendered
 * content once for the event and channel, attachments on the event.
 */
export class NotificationBuilder {
  private recipient = '';
  private content: Record<string, unknown> | null = null;
  private attachments: Attachment[] = [];
  private eventType = 'order.shipped';
  private payload: Record<string, unknown> = { order_id: 'o-1' };

  constructor(
    private readonly projectId: string,
    private readonly channel: Channel,
  ) {}

  to(recipient: string): this {
    this.recipient = recipient;
    return this;
  }

  withContent(content: Record<string, unknown>): this {
    this.content = content;
    return this;
  }

  withAttachments(...attachments: Attachment[]): this {
    this.attachments.push(...attachments);
    return this;
  }

  async insert(db: Database): Promise<BuiltNotification> {
    const eventId = randomUUID();
    const notificationId = randomUUID();
    const contact = { email: 'email', sms: 'phone', webhook: 'webhook_url' }[this.channel];
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO events (id, project_id, event_type, status, payload, recipients, content, attachments, request_hash, recipient_count, notification_count)
         VALUES ($1, $2, $3, 'processing', $4, $5, '{}', $6, 'test', 1, 1)`,
        [
          eventId,
          this.projectId,
          this.eventType,
          JSON.stringify(this.payload),
          JSON.stringify([{ channels: [this.channel], [contact]: this.recipient }]),
          JSON.stringify(this.attachments),
        ],
      );
      await tx.query(
        `INSERT INTO notifications (id, project_id, event_id, recipient_index, channel, recipient)
         VALUES ($1, $2, $3, 0, $4, $5)`,
        [notificationId, this.projectId, eventId, this.channel, this.recipient],
      );
      if (this.content)
        await tx.query('INSERT INTO event_contents (event_id, channel, content) VALUES ($1, $2, $3)', [
          eventId,
          this.channel,
          JSON.stringify(this.content),
        ]);
    });
    const message: DeliveryMessage = {
      kind: 'notification.deliver',
      notification_id: notificationId,
      event_id: eventId,
      project_id: this.projectId,
      channel: this.channel,
      attempt: 1,
    };
    return { eventId, notificationId, message };
  }
}

export const anEmail = (projectId: string) => new NotificationBuilder(projectId, 'email');
export const anSms = (projectId: string) => new NotificationBuilder(projectId, 'sms');
