import type { Priority } from './priorities';
import type { Channel } from './channels';

/** Header that carries the request id across every hop. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Published by the API (through the outbox) when an event is accepted. Fan-out loads the rest. */
export interface EventAcceptedMessage {
  kind: 'event.accepted';
  event_id: string;
  project_id: string;
}

/**
 * One delivery of one notification: ids and the attempt only. The worker loads the rest (status,
 * recipient, payload for webhooks, the event's rendered content for email and sms) in the one
 * read it makes before sending anyway, so an event with 1,000 recipients does not put its payload
 * through the broker 1,000 times. Messages of earlier versions carried `recipient`, `event_type`
 * and `payload` too; those fields are ignored.
 */
export interface DeliveryMessage {
  kind: 'notification.deliver';
  notification_id: string;
  event_id: string;
  project_id: string;
  channel: Channel;
  /** 1-based number of the attempt this message asks for. */
  attempt: number;
  /** Attempt budget for this delivery (a dead-letter replay grants a fresh one). */
  max_attempts?: number;
  /** The lane it was queued in (absent: `medium`); a retry returns to the channel's `medium` lane. */
  priority?: Priority;
}

/** An event's already-rendered email content (`inline`), as the API accepts and fan-out sends it. */
export interface InlineContent {
  html: string;
  subject?: string;
  text?: string;
  from_local?: string;
  from_name?: string;
  reply_to?: string;
}

/**
 * What fan-out renders for an event's email or SMS notifications and the workers send, stored
 * once per event and channel (`event_contents`) so later template edits cannot change it.
 * Webhooks have none: they send the payload.
 */
export interface NotificationContent {
  subject?: string | null;
  html?: string | null;
  /** The email's plain-text alternative, or the SMS body. */
  text: string;
  from_local?: string | null;
  from_name?: string | null;
  reply_to?: string | null;
  template_id?: string | null;
}
