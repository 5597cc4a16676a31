import { REQUEST_ID_HEADER, type Channel, type DeliveryBatchItem, type DeliveryBatchMessage, type Lane } from '@herald/contracts';
import type { MessageQueue, TopologyNames } from '@herald/messaging';
import type { PendingNotification } from '../domain/fan-out.model';
import { outgoingMessages, ownTarget, publishDeliveries, sharedTarget, type PublishedEvent } from './deliveries.publisher';

/** Where fan-out hands an event's sendable notifications. */
export interface DeliverySink {
  add(
    event: PublishedEvent,
    pending: PendingNotification[],
    headers: Record<string, string>,
    lane: Lane,
    withTargets: boolean,
  ): Promise<void>;
}

/** Publishes each event's deliveries at once, in messages of its own. */
export class DirectDeliveries implements DeliverySink {
  constructor(
    private readonly broker: MessageQueue,
    private readonly names: TopologyNames,
    private readonly perMessage: number,
  ) {}

  add(event: PublishedEvent, pending: PendingNotification[], headers: Record<string, string>, lane: Lane, withTargets: boolean) {
    return publishDeliveries(this.broker, this.names, event, pending, headers, lane, withTargets, this.perMessage);
  }
}

interface Held {
  event: PublishedEvent;
  notifications: PendingNotification[];
  headers: Record<string, string>;
  lane: Lane;
  withTargets: boolean;
}

/**
 * The deliveries of one bundle of events: an event with fewer notifications than fill a message
 * waits for `flush()`, which puts the waiting events' notifications of one channel and lane
 * together, up to `perMessage` in one message, each item with its own event, project, target and
 * request id. At fan-out 1 that is one delivery message per bundle chunk instead of one per event.
 * Trace context does not travel per item: a message of several events carries none.
 */
export class BundledDeliveries implements DeliverySink {
  private readonly held: Held[] = [];

  constructor(
    private readonly broker: MessageQueue,
    private readonly names: TopologyNames,
    private readonly perMessage: number,
  ) {}

  async add(event: PublishedEvent, pending: PendingNotification[], headers: Record<string, string>, lane: Lane, withTargets: boolean) {
    if (pending.length >= this.perMessage || this.perMessage < 2) {
      await publishDeliveries(this.broker, this.names, event, pending, headers, lane, withTargets, this.perMessage);
    } else if (pending.length > 0) {
      this.held.push({ event, notifications: pending, headers, lane, withTargets });
    }
  }

  /** Publishes what waits; resolves once the broker confirmed every message. */
  async flush(): Promise<void> {
    const groups = new Map<string, Array<{ held: Held; n: PendingNotification }>>();
    for (const held of this.held) {
      for (const n of held.notifications) {
        const key = `${n.channel}\u0000${held.lane}`;
        const group = groups.get(key);
        if (group) group.push({ held, n });
        else groups.set(key, [{ held, n }]);
      }
    }
    this.held.length = 0;
    const publishes: Array<Promise<void>> = [];
    for (const group of groups.values()) {
      for (let start = 0; start < group.length; start += this.perMessage) {
        publishes.push(this.publishChunk(group.slice(start, start + this.perMessage)));
      }
    }
    await Promise.all(publishes);
  }

  private async publishChunk(chunk: Array<{ held: Held; n: PendingNotification }>): Promise<void> {
    const { held: first, n: firstN } = chunk[0];
    const channel: Channel = firstN.channel;
    const routingKey = this.names.deliveryRoutingKey(channel, first.lane);
    if (chunk.every((c) => c.held === first)) {
      // One event's notifications: the message it would have had on its own.
      const shared = first.withTargets ? sharedTarget(first.event) : undefined;
      const [m] = outgoingMessages(
        first.event,
        chunk.map((c) => c.n),
        first.lane,
        this.perMessage,
        shared,
      );
      await this.broker.publish(this.names.deliveriesExchange, routingKey, m.body, { headers: first.headers, messageId: m.messageId });
      return;
    }
    const targets = new Map<Held, ReturnType<typeof sharedTarget>>();
    const items = chunk.map(({ held, n }): DeliveryBatchItem => {
      if (!targets.has(held)) targets.set(held, held.withTargets && channel === 'webhook' ? sharedTarget(held.event) : undefined);
      const target = targets.get(held);
      const requestId = held.headers[REQUEST_ID_HEADER];
      return {
        notification_id: n.id,
        event_id: held.event.id,
        project_id: held.event.project_id,
        ...(requestId ? { request_id: requestId } : {}),
        ...(target && n.recipient !== undefined ? { target, ...ownTarget(n.recipient, n.endpointId) } : {}),
      };
    });
    const body: DeliveryBatchMessage = {
      kind: 'notification.deliver.batch',
      channel,
      ...(first.lane === 'medium' ? {} : { priority: first.lane }),
      notifications: items,
    };
    await this.broker.publish(this.names.deliveriesExchange, routingKey, body, { headers: {}, messageId: firstN.id });
  }
}
