import type { EventAcceptedMessage, EventsAcceptedMessage } from '@herald/contracts';
import type { OutboxBundle, OutboxBundler, OutboxRow } from '@herald/outbox';

function isEventAccepted(payload: unknown): payload is EventAcceptedMessage {
  return typeof payload === 'object' && payload !== null && (payload as { kind?: unknown }).kind === 'event.accepted';
}

/**
 * The outbox relay's bundler for accepted events: rows bound for the same fan-out lane (exchange
 * and routing key) travel `perMessage` to an `events.accepted` message, each with the headers its
 * own message would have had. Other rows, and a lane's single row, go as they are.
 */
export function bundleAcceptedEvents(perMessage: number): OutboxBundler {
  return (rows: OutboxRow[]): OutboxBundle[] => {
    if (perMessage < 2) return [];
    const lanes = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      if (!isEventAccepted(row.payload)) continue;
      const key = `${row.exchange}\u0000${row.routing_key}`;
      const lane = lanes.get(key);
      if (lane) lane.push(row);
      else lanes.set(key, [row]);
    }
    const bundles: OutboxBundle[] = [];
    for (const lane of lanes.values()) {
      for (let start = 0; start < lane.length; start += perMessage) {
        const chunk = lane.slice(start, start + perMessage);
        if (chunk.length < 2) continue;
        const payload: EventsAcceptedMessage = {
          kind: 'events.accepted',
          events: chunk.map((r) => {
            const { event_id, project_id } = r.payload as EventAcceptedMessage;
            return Object.keys(r.headers).length ? { event_id, project_id, headers: r.headers } : { event_id, project_id };
          }),
        };
        bundles.push({ rows: chunk, exchange: chunk[0].exchange, routingKey: chunk[0].routing_key, payload, headers: {} });
      }
    }
    return bundles;
  };
}
