import type { Channel, DeliveryMessage } from '@herald/contracts';

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
