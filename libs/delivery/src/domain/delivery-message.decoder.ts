import {
  DELIVERY_TARGET_MAX_PAYLOAD_BYTES,
  utf8Bytes,
  DELIVERY_BATCH_MAX_ITEMS,
  type Channel,
  type DeliveryMessage,
  type DeliveryMessageTarget,
  type SharedDeliveryTarget,
} from '@herald/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/**
 * A single message decodes to one delivery, a batch to one per notification it carries;
 * `requestIds` (a batch only) holds each item's own request id where it named one.
 */
export type DecodeResult =
  { ok: true; messages: DeliveryMessage[]; requestIds?: Array<string | undefined> } | { ok: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPositiveInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1;

/** Returns why the message cannot be a delivery on `channel`, or null when it is one. */
function problem(m: Record<string, unknown>, channel: Channel): string | null {
  if (m.kind !== 'notification.deliver') return 'kind is not notification.deliver';
  if (m.channel !== channel) return `channel is not ${channel}`;
  // Ids reach uuid columns; a malformed one would fail every attempt with a database error.
  for (const key of ['notification_id', 'event_id', 'project_id'] as const) {
    if (!isUuid(m[key])) return `${key} is not a UUID`;
  }
  if (!isPositiveInt(m.attempt)) return 'attempt is not a positive integer';
  if (m.max_attempts !== undefined && !isPositiveInt(m.max_attempts)) return 'max_attempts is not a positive integer';
  return null;
}

/** Bounds of a `target`: a URL, an event type and a timestamp of sane length, and a small payload. */
const MAX_RECIPIENT_LENGTH = 2048;
const MAX_EVENT_TYPE_LENGTH = 255;
const MAX_ACCEPTED_AT_LENGTH = 40;

/** What every target of one message shares (all but the recipient), or undefined when it is unusable. */
function validShared(t: unknown): SharedDeliveryTarget | undefined {
  if (!isObject(t)) return undefined;
  const { event_type, accepted_at, payload } = t;
  if (typeof event_type !== 'string' || event_type.length === 0 || event_type.length > MAX_EVENT_TYPE_LENGTH) return undefined;
  if (typeof accepted_at !== 'string' || accepted_at.length > MAX_ACCEPTED_AT_LENGTH || Number.isNaN(Date.parse(accepted_at))) {
    return undefined;
  }
  if (!isObject(payload) || utf8Bytes(JSON.stringify(payload)) > DELIVERY_TARGET_MAX_PAYLOAD_BYTES) return undefined;
  return { event_type, accepted_at, payload };
}

const validRecipient = (r: unknown): r is string => typeof r === 'string' && r.length > 0 && r.length <= MAX_RECIPIENT_LENGTH;

/**
 * A `target` the worker may send from without reading the notification, or undefined. One that
 * is malformed or too big is dropped, not refused: the worker then reads the notification as
 * for any other message, so a bad `target` can cost a read but never a delivery.
 */
function validTarget(
  channel: unknown,
  shared: SharedDeliveryTarget | undefined,
  recipient: unknown,
  endpointId: unknown,
): DeliveryMessageTarget | undefined {
  if (channel !== 'webhook' || !shared || !validRecipient(recipient)) return undefined;
  // An endpoint id reaches a uuid column, and without its endpoint the wrong secret would sign.
  if (endpointId === undefined) return { recipient, ...shared };
  return isUuid(endpointId) ? { recipient, endpoint_id: endpointId, ...shared } : undefined;
}

/** Only the fields of today's contract travel on (older messages also carried the payload). */
function pick(m: Record<string, unknown>): DeliveryMessage {
  const message = {
    kind: 'notification.deliver',
    notification_id: m.notification_id,
    event_id: m.event_id,
    project_id: m.project_id,
    channel: m.channel,
    attempt: m.attempt,
  } as DeliveryMessage;
  if (m.max_attempts !== undefined) message.max_attempts = m.max_attempts as number;
  // A slot that is not a sane time is dropped: the delivery then claims a new one.
  if (typeof m.rate_slot === 'number' && Number.isFinite(m.rate_slot) && m.rate_slot > 0) {
    message.rate_slot = m.rate_slot;
    if (m.rate_late === true) message.rate_late = true;
  }
  const target = isObject(m.target) ? validTarget(m.channel, validShared(m.target), m.target.recipient, m.target.endpoint_id) : undefined;
  if (target) message.target = target;
  return message;
}

const MAX_REQUEST_ID_LENGTH = 200;

/** Why a batch cannot be first attempts on `channel`, or null when it can. */
function batchProblem(m: Record<string, unknown>, channel: Channel): string | null {
  if (m.channel !== channel) return `channel is not ${channel}`;
  const items = m.notifications;
  if (!Array.isArray(items) || items.length === 0) return 'notifications is not a non-empty array';
  if (items.length > DELIVERY_BATCH_MAX_ITEMS) return `notifications has more than ${DELIVERY_BATCH_MAX_ITEMS} items`;
  for (const key of ['event_id', 'project_id'] as const) {
    if (m[key] !== undefined && !isUuid(m[key])) return `${key} is not a UUID`;
  }
  const seen = new Set<string>();
  for (const item of items as unknown[]) {
    if (!isObject(item) || !isUuid(item.notification_id)) return 'notifications has an item whose notification_id is not a UUID';
    // Ids reach uuid columns: each item needs its event and project, its own or the message's.
    for (const key of ['event_id', 'project_id'] as const) {
      if (!isUuid(item[key] ?? m[key])) return `notifications has an item without a UUID ${key}`;
    }
    // The same notification twice would be sent twice from its message, neither read.
    const id = item.notification_id.toLowerCase();
    if (seen.has(id)) return 'notifications names a notification twice';
    seen.add(id);
  }
  return null;
}

/** One first-attempt delivery per item; the message's shared target is validated once for all of them. */
function expand(m: Record<string, unknown>): { messages: DeliveryMessage[]; requestIds: Array<string | undefined> } {
  const shared = m.channel === 'webhook' ? validShared(m.target) : undefined;
  const requestIds: Array<string | undefined> = [];
  const messages = (m.notifications as Array<Record<string, unknown>>).map((item) => {
    const message = {
      kind: 'notification.deliver',
      notification_id: item.notification_id,
      event_id: item.event_id ?? m.event_id,
      project_id: item.project_id ?? m.project_id,
      channel: m.channel,
      attempt: 1,
    } as DeliveryMessage;
    const own = item.target === undefined ? shared : m.channel === 'webhook' ? validShared(item.target) : undefined;
    const target = validTarget(m.channel, own, item.recipient, item.endpoint_id);
    if (target) message.target = target;
    const requestId = item.request_id;
    requestIds.push(
      typeof requestId === 'string' && requestId.length > 0 && requestId.length <= MAX_REQUEST_ID_LENGTH ? requestId : undefined,
    );
    return message;
  });
  return { messages, requestIds };
}

/**
 * Decodes and validates a raw delivery message (single or batch) for one channel's worker. Anything that fails
 * here can never succeed, so the caller rejects it straight to the dead-letter queue.
 */
export function decodeDeliveryMessage(content: Buffer, channel: Channel): DecodeResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.toString('utf8'));
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  if (!isObject(parsed)) return { ok: false, reason: 'body is not a JSON object' };
  if (parsed.kind === 'notification.deliver.batch') {
    const reason = batchProblem(parsed, channel);
    return reason ? { ok: false, reason } : { ok: true, ...expand(parsed) };
  }
  const reason = problem(parsed, channel);
  return reason ? { ok: false, reason } : { ok: true, messages: [pick(parsed)] };
}
