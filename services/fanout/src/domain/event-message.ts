import type { EventAcceptedMessage } from '@herald/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event.accepted message, or undefined when it cannot be one (the id reaches a uuid column). */
export function decodeEventMessage(content: Buffer): EventAcceptedMessage | undefined {
  try {
    const body = JSON.parse(content.toString('utf8'));
    return body?.kind === 'event.accepted' && typeof body.event_id === 'string' && UUID.test(body.event_id) ? body : undefined;
  } catch {
    return undefined;
  }
}
