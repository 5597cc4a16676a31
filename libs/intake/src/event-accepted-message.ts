import { REQUEST_ID_HEADER, type EventAcceptedMessage, type Lane } from '@herald/contracts';
import type { TopologyNames } from '@herald/messaging';
import type { OutboxMessage } from '@herald/outbox';
import { injectTraceHeaders } from '@herald/telemetry';

/**
 * The outbox message that announces an accepted event to fan-out, in the fan-out lane of its
 * priority: a `high` event is fanned out ahead of any backlog of accepted `medium` and `low` ones.
 * Herald's own emails take the `system` lane, whatever their priority.
 */
export function eventAcceptedMessage(
  names: TopologyNames,
  eventId: string,
  projectId: string,
  lane: Lane,
  requestId?: string,
): OutboxMessage {
  const payload: EventAcceptedMessage = { kind: 'event.accepted', event_id: eventId, project_id: projectId };
  return {
    exchange: names.eventsExchange,
    routingKey: names.eventRoutingKey(lane),
    payload,
    // The accepting request's trace continues through the outbox into fan-out.
    headers: injectTraceHeaders(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
  };
}
