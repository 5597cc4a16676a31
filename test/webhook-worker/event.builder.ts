import { randomUUID } from 'node:crypto';
import type { DeliveryMessage } from '@herald/contracts';
import type { Database } from '@herald/db';

export interface BuiltEvent {
  eventId: string;
  /** One delivery message per webhook notification, as fan-out would publish them (attempt 1, ids only). */
  messages: DeliveryMessage[];
}

/** Inserts an event and its webhook notifications with plain SQL, the way fan-out leaves them. */
export class EventBuilder {
  private urls: string[] = [];
  private eventType = 'order.shipped';
  private payload: Record<string, unknown> = { order_id: 'o-1', total: 12.5, note: 'café' };

  constructor(private readonly projectId: string) {}

  withWebhooks(...urls: string[]): this {
    this.urls.push(...urls);
    return this;
  }

  withPayload(payload: Record<string, unknown>): this {
    this.payload = payload;
    return this;
  }

  async insert(db: Database): Promise<BuiltEvent> {
    const eventId = randomUUID();
    const notificationIds = this.urls.map(() => randomUUID());
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO events (id, project_id, event_type, status, payload, recipients, content, request_hash, recipient_count, notification_count)
         VALUES ($1, $2, $3, 'processing', $4, $5, '{}', 'test', $6, $6)`,
        [
          eventId,
          this.projectId,
          this.eventType,
          JSON.stringify(this.payload),
          JSON.stringify(this.urls.map((url) => ({ webhook_url: url }))),
          this.urls.length,
        ],
      );
      await tx.query(
        `INSERT INTO notifications (id, project_id, event_id, recipient_index, channel, recipient)
         SELECT id, $2, $3, idx - 1, 'webhook', url FROM unnest($1::uuid[], $4::text[]) WITH ORDINALITY AS t(id, url, idx)`,
        [notificationIds, this.projectId, eventId, this.urls],
      );
    });
    const messages = notificationIds.map((id): DeliveryMessage => ({
      kind: 'notification.deliver',
      notification_id: id,
      event_id: eventId,
      project_id: this.projectId,
      channel: 'webhook',
      attempt: 1,
    }));
    return { eventId, messages };
  }
}

export const anEvent = (projectId: string) => new EventBuilder(projectId);
