import {
  DELIVERY_TARGET_MAX_PAYLOAD_BYTES,
  utf8Bytes,
  type Channel,
  type DeliveryMessage,
  type DeliveryMessageTarget,
} from '@herald/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type DecodeResult = { ok: true; message: DeliveryMessage } | { ok: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPositiveInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1;

/** Returns why the message cannot be a delivery on `channel`, or null when it is one. */
function problem(m: Record<string, unknown>, channel: Channel): string | null {
  if (m.kind !== 'notification.deliver') return 'kind is not notification.deliver';
  if (m.channel !== channel) return `channel is not ${channel}`;
  // Ids reach uuid columns; a malformed one would fail every attempt with a database error.
  for (const key of ['notification_id', 'event_id', 'project_id'] as const) {
    if (typeof m[key] !== 'string' || !UUID.test(m[key] as string)) return `${key} is not a UUID`;
  }
  if (!isPositiveInt(m.attempt)) return 'attempt is not a positive integer';
  if (m.max_attempts !== undefined && !isPositiveInt(m.max_attempts)) return 'max_attempts is not a positive integer';
  return null;
}

/** Bounds of a `target`: a URL, an event type and a timestamp of sane length, and a small payload. */
const MAX_RECIPIENT_LENGTH = 2048;
const MAX_EVENT_TYPE_LENGTH = 255;
const MAX_ACCEPTED_AT_LENGTH = 40;

/**
 * A `target` the worker may send from without reading the notification, or undefined. One that
 * is malformed or too big is dropped, not refused: the worker then reads the notification as
 * for any other message, so a bad `target` can cost a read but never a delivery.
 */
function validTarget(m: Record<string, unknown>): DeliveryMessageTarget | undefined {
  const t = m.target;
  if (m.channel !== 'webhook' || !isObject(t)) return undefined;
  const { recipient, event_type, accepted_at, payload } = t;
  if (typeof recipient !== 'string' || recipient.length === 0 || recipient.length > MAX_RECIPIENT_LENGTH) return undefined;
  if (typeof event_type !== 'string' || event_type.length === 0 || event_type.length > MAX_EVENT_TYPE_LENGTH) return undefined;
  if (typeof accepted_at !== 'string' || accepted_at.length > MAX_ACCEPTED_AT_LENGTH || Number.isNaN(Date.parse(accepted_at))) {
    return undefined;
  }
  if (!isObject(payload) || utf8Bytes(JSON.stringify(payload)) > DELIVERY_TARGET_MAX_PAYLOAD_BYTES) return undefined;
  return { recipient, event_type, accepted_at, payload };
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
  const target = validTarget(m);
  if (target) message.target = target;
  return message;
}

/**
 * Decodes and validates a raw delivery message for one channel's worker. Anything that fails
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
  const reason = problem(parsed, channel);
  return reason ? { ok: false, reason } : { ok: true, message: pick(parsed) };
}
