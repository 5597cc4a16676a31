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
 * One delivery of one notification. It carries what the worker needs to send, so a worker
 * reads only the notification's status (to skip duplicates) and the project's signing secret.
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
  recipient: string;
  event_type: string;
  payload: Record<string, unknown>;
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
