import {
  DELIVERY_TARGET_MAX_PAYLOAD_BYTES,
  utf8Bytes,
  type Channel,
  type DeliveryBatchMessage,
  type DeliveryMessage,
  type SharedDeliveryTarget,
  type Lane,
} from '@herald/contracts';
import type { MessageQueue, TopologyNames } from '@herald/messaging';
import type { PendingNotification } from '../domain/fan-out.model';

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
export function sharedTarget(event: PublishedEvent): SharedDeliveryTarget | undefined {
  const { event_type, created_at, payload } = event;
  if (event_type === undefined || created_at === undefined || payload === undefined) return undefined;
  if (utf8Bytes(JSON.stringify(payload)) > DELIVERY_TARGET_MAX_PAYLOAD_BYTES) return undefined;
  return { event_type, accepted_at: new Date(created_at).toISOString(), payload };
}

/** What of a webhook's target is its notification's own: its address, and a consumer endpoint's id. */
export function ownTarget(recipient: string, endpointId: string | undefined): { recipient: string; endpoint_id?: string } {
  return endpointId === undefined ? { recipient } : { recipient, endpoint_id: endpointId };
}

/**
 * Ids, and for a webhook notification just created with a small payload its `target` (recipient,
 * event type, acceptance time, payload), so its first attempt can skip the worker's read.
 * Otherwise workers load the recipient, the payload and the rendered content when they send.
 */
export function deliveryMessage(
  event: { id: string; project_id: string },
  n: PendingNotification,
  lane: Lane,
  shared?: SharedDeliveryTarget,
): DeliveryMessage {
  const target =
    shared && n.channel === 'webhook' && n.recipient !== undefined ? { ...ownTarget(n.recipient, n.endpointId), ...shared } : undefined;
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

/**
 * Several first attempts of one event on one channel in one message; each webhook item carries
 * its recipient when the target is shared.
 */
export function deliveryBatchMessage(
  event: { id: string; project_id: string },
  channel: Channel,
  items: PendingNotification[],
  lane: Lane,
  shared?: SharedDeliveryTarget,
): DeliveryBatchMessage {
  const withTarget = shared !== undefined && channel === 'webhook';
  return {
    kind: 'notification.deliver.batch',
    event_id: event.id,
    project_id: event.project_id,
    channel,
    ...(lane === 'medium' ? {} : { priority: lane }),
    ...(withTarget ? { target: shared } : {}),
    notifications: items.map((n) =>
      withTarget && n.recipient !== undefined
        ? { notification_id: n.id, ...ownTarget(n.recipient, n.endpointId) }
        : { notification_id: n.id },
    ),
  };
}

interface Outgoing {
  channel: Channel;
  messageId: string;
  body: DeliveryMessage | DeliveryBatchMessage;
}

/**
 * The event's notifications as messages: per channel, chunks of up to `perMessage` in one batch
 * message; a chunk of one travels as the single message every worker version understands.
 */
export function outgoingMessages(
  event: PublishedEvent,
  pending: PendingNotification[],
  lane: Lane,
  perMessage: number,
  shared?: SharedDeliveryTarget,
): Outgoing[] {
  const byChannel = new Map<Channel, PendingNotification[]>();
  for (const n of pending) {
    const list = byChannel.get(n.channel);
    if (list) list.push(n);
    else byChannel.set(n.channel, [n]);
  }
  const out: Outgoing[] = [];
  for (const [channel, list] of byChannel) {
    for (let start = 0; start < list.length; start += perMessage) {
      const items = list.slice(start, start + perMessage);
      const body =
        items.length === 1 ? deliveryMessage(event, items[0], lane, shared) : deliveryBatchMessage(event, channel, items, lane, shared);
      out.push({ channel, messageId: items[0].id, body });
    }
  }
  return out;
}

export async function publishDeliveries(
  broker: MessageQueue,
  names: TopologyNames,
  event: PublishedEvent,
  pending: PendingNotification[],
  headers: Record<string, string>,
  lane: Lane,
  /** Only for notifications this fan-out just created: a republish after a crash is read by the worker. */
  withTargets: boolean,
  /** FANOUT_DELIVERIES_PER_MESSAGE */
  perMessage: number,
): Promise<void> {
  const shared = withTargets && pending.some((n) => n.channel === 'webhook') ? sharedTarget(event) : undefined;
  const messages = outgoingMessages(event, pending, lane, perMessage, shared);
  for (let start = 0; start < messages.length; start += PUBLISH_CHUNK) {
    await Promise.all(
      messages
        .slice(start, start + PUBLISH_CHUNK)
        .map((m) =>
          broker.publish(names.deliveriesExchange, names.deliveryRoutingKey(m.channel, lane), m.body, { headers, messageId: m.messageId }),
        ),
    );
  }
}
