import type { DeliveryMessage } from '@herald/contracts';
import type { MessageQueue, TopologyNames } from '@herald/messaging';
import type { PendingNotification } from '../data/fanout.repository';

/**
 * Messages in flight at once: their confirms are pipelined within a chunk (awaiting one at a
 * time caps publishing near 500/s), and the next chunk waits, so memory stays bounded however
 * many notifications an event has.
 */
export const PUBLISH_CHUNK = 500;

/** Ids only: workers load the recipient, the payload and the rendered content when they send. */
export function deliveryMessage(event: { id: string; project_id: string }, n: PendingNotification): DeliveryMessage {
  return {
    kind: 'notification.deliver',
    notification_id: n.id,
    event_id: event.id,
    project_id: event.project_id,
    channel: n.channel,
    attempt: 1,
  };
}

export async function publishDeliveries(
  broker: MessageQueue,
  names: TopologyNames,
  event: { id: string; project_id: string },
  pending: PendingNotification[],
  headers: Record<string, string>,
): Promise<void> {
  for (let start = 0; start < pending.length; start += PUBLISH_CHUNK) {
    const chunk = pending.slice(start, start + PUBLISH_CHUNK);
    await Promise.all(
      chunk.map((n) => broker.publish(names.deliveriesExchange, n.channel, deliveryMessage(event, n), { headers, messageId: n.id })),
    );
  }
}
