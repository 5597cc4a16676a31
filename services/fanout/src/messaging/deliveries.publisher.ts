import {
  DELIVERY_TARGET_MAX_PAYLOAD_BYTES,
  utf8Bytes,
  type DeliveryMessage,
  type DeliveryMessageTarget,
  type Priority,
} from '@herald/contracts';
import type { MessageQueue, TopologyNames } from '@herald/messaging';
import type { PendingNotification } from '../data/fanout.repository';

/**
 * Messages in flight at once: their confirms are pipelined within a chunk (awaiting one at a
 * time caps publishing near 500/s), and the next chunk waits, so memory stays bounded however
 * many notifications an event has.
 */
export const PUBLISH_CHUNK = 500;

/** The event as fan-out publishes its deliveries; the rest is needed for a webhook's `target` only. */
export interface PublishedEvent {
  id: string;
  project_id: string;
  event_type?: string;
  created_at?: Date;
  payload?: Record<string, unknown>;
}

/**
 * What every webhook delivery message of a freshly fanned-out event shares, or undefined: a
 * payload past DELIVERY_TARGET_MAX_PAYLOAD_BYTES is not copied into every message (the worker
 * reads it, once per batch of the event's notifications).
 */
export function sharedTarget(event: PublishedEvent): Omit<DeliveryMessageTarget, 'recipient'> | undefined {
  const { event_type, created_at, payload } = event;
  if (event_type === undefined || created_at === undefined || payload === undefined) return undefined;
  if (utf8Bytes(JSON.stringify(payload)) > DELIVERY_TARGET_MAX_PAYLOAD_BYTES) return undefined;
  return { event_type, accepted_at: new Date(created_at).toISOString(), payload };
}

/**
 * Ids, and for a webhook notification just created with a small payload its `target` (recipient,
 * event type, acceptance time, payload), so its first attempt can skip the worker's read.
 * Otherwise workers load the recipient, the payload and the rendered content when they send.
 */
export function deliveryMessage(
  event: { id: string; project_id: string },
  n: PendingNotification,
  lane: Priority,
  shared?: Omit<DeliveryMessageTarget, 'recipient'>,
): DeliveryMessage {
  const target = shared && n.channel === 'webhook' && n.recipient !== undefined ? { recipient: n.recipient, ...shared } : undefined;
  return {
    kind: 'notification.deliver',
    notification_id: n.id,
    event_id: event.id,
    project_id: event.project_id,
    channel: n.channel,
    attempt: 1,
    ...(lane === 'medium' ? {} : { priority: lane }),
    ...(target ? { target } : {}),
  };
}

export async function publishDeliveries(
  broker: MessageQueue,
  names: TopologyNames,
  event: PublishedEvent,
  pending: PendingNotification[],
  headers: Record<string, string>,
  lane: Priority,
  /** Only for notifications this fan-out just created: a republish after a crash is read by the worker. */
  withTargets = false,
): Promise<void> {
  const shared = withTargets && pending.some((n) => n.channel === 'webhook') ? sharedTarget(event) : undefined;
  for (let start = 0; start < pending.length; start += PUBLISH_CHUNK) {
    const chunk = pending.slice(start, start + PUBLISH_CHUNK);
    await Promise.all(
      chunk.map((n) =>
        broker.publish(names.deliveriesExchange, names.deliveryRoutingKey(n.channel, lane), deliveryMessage(event, n, lane, shared), {
          headers,
          messageId: n.id,
        }),
      ),
    );
  }
}
