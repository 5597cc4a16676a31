import { EVENT_BATCH_MAX_ITEMS, type EventsAcceptedMessage } from '@herald/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One accepted event to fan out; `headers` only when it came in a bundle (a single message has its own). */
export type AcceptedEvent = EventsAcceptedMessage['events'][number];

export type DecodedEventMessage = { kind: 'single'; event: AcceptedEvent } | { kind: 'bundle'; events: AcceptedEvent[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Ids reach uuid columns: anything else can never be fanned out. */
function accepted(v: unknown): AcceptedEvent | undefined {
  if (!isObject(v) || typeof v.event_id !== 'string' || !UUID.test(v.event_id)) return undefined;
  return { event_id: v.event_id, project_id: String(v.project_id ?? '') };
}

/** Headers a bundle carried for one event; anything but string values is dropped. */
function stringHeaders(v: unknown): Record<string, string> | undefined {
  if (!isObject(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(v)) if (typeof value === 'string') out[k] = value;
  return out;
}

/**
 * An `event.accepted` message, or an `events.accepted` bundle of up to EVENT_BATCH_MAX_ITEMS
 * events; undefined when it is neither (or any event of a bundle is unusable).
 */
export function decodeEventMessage(content: Buffer): DecodedEventMessage | undefined {
  let body: unknown;
  try {
    body = JSON.parse(content.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(body)) return undefined;
  if (body.kind === 'event.accepted') {
    const event = accepted(body);
    return event ? { kind: 'single', event } : undefined;
  }
  if (body.kind !== 'events.accepted' || !Array.isArray(body.events)) return undefined;
  if (body.events.length === 0 || body.events.length > EVENT_BATCH_MAX_ITEMS) return undefined;
  const events: AcceptedEvent[] = [];
  for (const item of body.events as unknown[]) {
    const event = accepted(item);
    if (!event) return undefined;
    const headers = stringHeaders((item as Record<string, unknown>).headers);
    events.push(headers ? { ...event, headers } : event);
  }
  return { kind: 'bundle', events };
}
