import { REQUEST_ID_HEADER, type DeliveryMessage, type EventAcceptedMessage } from '@herald/contracts';
import type { Logger } from '@herald/logger';
import { runWithRequestId } from '@herald/logger';
import type { Broker, HandlerOutcome, TopologyNames } from '@herald/messaging';
import type { ConsumeMessage } from 'amqplib';
import type { FanoutStore } from '../data/fanout.store';
import { decideNotifications } from '../domain/fan-out-event.use-case';

function decode(msg: ConsumeMessage): EventAcceptedMessage | undefined {
  try {
    const body = JSON.parse(msg.content.toString('utf8'));
    return body?.kind === 'event.accepted' && typeof body.event_id === 'string' ? body : undefined;
  } catch {
    return undefined;
  }
}

/** decode -> load (event and its templates) -> create notifications exactly once -> publish the sendable ones -> ack. */
export function eventAcceptedHandler(deps: { repo: FanoutStore; broker: Broker; names: TopologyNames; logger: Logger }) {
  return (msg: ConsumeMessage): Promise<HandlerOutcome> => {
    const requestId = msg.properties.headers?.[REQUEST_ID_HEADER] as string | undefined;
    return runWithRequestId(requestId, async () => {
      const message = decode(msg);
      if (!message) {
        deps.logger.error('undecodable event message dead-lettered', { content: msg.content.toString('utf8').slice(0, 200) });
        return 'reject';
      }
      const event = await deps.repo.loadEvent(message.event_id);
      if (!event) {
        deps.logger.error('event message for an unknown event dead-lettered', { event_id: message.event_id });
        return 'reject';
      }
      const created = await deps.repo.createNotifications({ event, notifications: decideNotifications(event) });
      // A redelivered message created nothing: queue again whatever has not been attempted yet.
      const pending = created ?? (await deps.repo.pendingNotifications(event.id));
      const headers = requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
      await Promise.all(
        pending.map((n) => {
          const delivery: DeliveryMessage = {
            kind: 'notification.deliver',
            notification_id: n.id,
            event_id: event.id,
            project_id: event.project_id,
            channel: n.channel,
            attempt: 1,
            recipient: n.recipient,
            event_type: event.event_type,
            payload: event.payload,
          };
          return deps.broker.publish(deps.names.deliveriesExchange, n.channel, delivery, { headers, messageId: n.id });
        }),
      );
      deps.logger.info('event fanned out', { event_id: event.id, notifications: pending.length });
      return 'ack';
    });
  };
}
