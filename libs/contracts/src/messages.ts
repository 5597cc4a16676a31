import type { Lane } from './priorities';
import type { Channel } from './channels';
import type { EmailHeaders } from './email-headers';

/** Header that carries the request id across every hop. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Published by the API (through the outbox) when an event is accepted. Fan-out loads the rest. */
export interface EventAcceptedMessage {
  kind: 'event.accepted';
  event_id: string;
  project_id: string;
}

/**
 * Several accepted events of one fan-out lane in one message: the outbox relay bundles the rows
 * of one pass, so the broker and fan-out pay per bundle instead of per event. Each event keeps
 * the headers (request id, trace context) its single message would have carried.
 */
export interface EventsAcceptedMessage {
  kind: 'events.accepted';
  events: Array<Omit<EventAcceptedMessage, 'kind'> & { headers?: Record<string, string> }>;
}

/** The most events one bundle may carry: fan-out refuses a larger one as malformed. */
export const EVENT_BATCH_MAX_ITEMS = 100;

/**
 * One delivery of one notification: ids and the attempt. The worker loads the rest (status,
 * recipient, payload for webhooks, the event's rendered content for email and sms) in the one
 * read it makes before sending, so an event with 1,000 recipients does not put a large payload
 * through the broker 1,000 times. A webhook's first attempt with a payload of at most 4 KiB
 * carries its `target` instead, so that read can be skipped. Messages of earlier versions carried
 * `recipient`, `event_type` and `payload` at the top level; those fields are ignored.
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
  priority?: Lane;
  /**
   * Webhooks' first attempt only, and only when the payload is small (DELIVERY_TARGET_MAX_PAYLOAD_BYTES):
   * what the worker would otherwise read before sending, so a first delivery that is not a
   * redelivery can skip that read. Retries, replays and fan-out's republish never carry it.
   */
  target?: DeliveryMessageTarget;
  /**
   * A delivery to a rate-limited consumer endpoint held back until its send slot (epoch ms),
   * claimed from the endpoint's schedule before it was requeued: the same attempt, sent at that
   * slot without claiming another (docs/consumers.md, "Rate limit").
   */
  rate_slot?: number;
  /** It came back from such a hold late for its slot once already: late again, it goes at once. */
  rate_late?: boolean;
}

/** The notification as fan-out created it: enough to send a webhook's first attempt. */
export interface DeliveryMessageTarget {
  recipient: string;
  /**
   * A consumer endpoint's notification (docs/consumers.md): the endpoint it goes to, whose secret
   * signs it and whose rate limit and health apply. Absent for a `webhook_url` recipient.
   */
  endpoint_id?: string;
  event_type: string;
  /** ISO 8601: when the API accepted the event. */
  accepted_at: string;
  payload: Record<string, unknown>;
}

/** What the targets of one event's webhook notifications share: all but each one's own address. */
export type SharedDeliveryTarget = Omit<DeliveryMessageTarget, 'recipient' | 'endpoint_id'>;

/**
 * First attempts of several notifications on one channel, in one message: fan-out publishes one
 * of these per chunk of up to DELIVERY_BATCH_MAX_ITEMS notifications instead of one message each,
 * so the broker, fan-out's confirms and the worker's decode and ack are paid per chunk. Each
 * notification is still sent, recorded, retried and dead-lettered on its own (its retries travel
 * as DeliveryMessage). A batch of one event names it at the top (`event_id`, `project_id`, and
 * `target`: what every webhook item's target shares, its `recipient` completing it); a batch of
 * small events (fan-out's bundles) names each item's own, with its request id, and a top-level
 * field is the default for items that do not.
 */
export interface DeliveryBatchMessage {
  kind: 'notification.deliver.batch';
  event_id?: string;
  project_id?: string;
  channel: Channel;
  priority?: Lane;
  target?: SharedDeliveryTarget;
  notifications: DeliveryBatchItem[];
}

export interface DeliveryBatchItem {
  notification_id: string;
  recipient?: string;
  /** With `recipient`: the consumer endpoint it goes to, as in a single message's `target`. */
  endpoint_id?: string;
  event_id?: string;
  project_id?: string;
  target?: SharedDeliveryTarget;
  /** The request that published the event, when it differs from the message's `x-request-id`. */
  request_id?: string;
}

/** The most notifications one batch message may carry: workers refuse a larger one as malformed. */
export const DELIVERY_BATCH_MAX_ITEMS = 100;

/** A payload larger than this (as JSON, UTF-8) keeps ids-only delivery messages: fan-out copies it into every one. */
export const DELIVERY_TARGET_MAX_PAYLOAD_BYTES = 4096;

/** An event's already-rendered email content (`inline`), as the API accepts and fan-out sends it. */
export interface InlineContent {
  html: string;
  subject?: string;
  text?: string;
  from_local?: string;
  from_name?: string;
  reply_to?: string;
  /** `transactional` when absent; else a category the project declared. */
  category?: string;
  /** Extra headers from the allow-list (email-headers.ts). */
  headers?: EmailHeaders | null;
}

/** The category of content that names none: never carries unsubscribe headers, never opted out of. */
export const TRANSACTIONAL_CATEGORY = 'transactional';

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
  /** Extra email headers (inline or the template's), sent as given; absent on content stored before they existed. */
  headers?: EmailHeaders | null;
  template_id?: string | null;
  /**
   * The declared category the content belongs to; absent or null is transactional. The email
   * worker adds the unsubscribe headers for it, fan-out matches category suppressions against it.
   */
  category?: string | null;
}
