import { REQUEST_ID_HEADER, type Channel, type DeliveryMessage, type Lane } from '@herald/contracts';
import type { MessageQueue, TopologyNames } from '@herald/messaging';
import type { DeadLetterType } from '../domain/delivery.decision';

/** The follow-up port: where a delivery goes after an attempt that did not end it well. */
export interface DeliveryFollowUps {
  retryLater(msg: DeliveryMessage, delayMs: number, requestId?: string): Promise<void>;
  deadLetter(msg: DeliveryMessage, errorType: DeadLetterType, reason: string, requestId?: string): Promise<void>;
  /** Not attempted here: waits in `lane` instead, the same attempt. */
  moveTo(msg: DeliveryMessage, lane: Lane, requestId?: string): Promise<void>;
  /** Not attempted yet: its rate-limited endpoint's send slot (epoch ms) is `delayMs` away; the same attempt. */
  holdUntil(msg: DeliveryMessage, delayMs: number, held: { slot: number; late: boolean }, requestId?: string): Promise<void>;
  /** A delivery that can never be attempted (its notification is unknown), out of a batch that goes on. */
  refuse(msg: DeliveryMessage, reason: string, requestId?: string): Promise<void>;
}

/**
 * Publishes straight to one channel's queues, each publish confirmed. Each handler awaits only
 * its own confirm, so concurrent deliveries keep the confirms pipelined.
 */
export class DeliveryPublisher implements DeliveryFollowUps {
  constructor(
    private readonly broker: MessageQueue,
    private readonly names: TopologyNames,
    private readonly channel: Channel,
  ) {}

  /** Comes back to the work queue once the delay has passed. */
  async retryLater(msg: DeliveryMessage, delayMs: number, requestId?: string): Promise<void> {
    const next: DeliveryMessage = { ...withoutTarget(msg), attempt: msg.attempt + 1 };
    await this.broker.publishDelayed(this.names.deliveryQueue(this.channel), next, delayMs, { headers: headers(requestId) });
  }

  /** Waits in the delay queues as a retry does, but comes back as the same attempt, holding its slot. */
  async holdUntil(msg: DeliveryMessage, delayMs: number, held: { slot: number; late: boolean }, requestId?: string): Promise<void> {
    const { rate_late: _late, ...rest } = withoutTarget(msg);
    const next: DeliveryMessage = { ...rest, rate_slot: held.slot, ...(held.late ? { rate_late: true } : {}) };
    await this.broker.publishDelayed(this.names.deliveryQueue(this.channel), next, delayMs, { headers: headers(requestId) });
  }

  async moveTo(msg: DeliveryMessage, lane: Lane, requestId?: string): Promise<void> {
    await this.broker.publish(
      '',
      this.names.deliveryQueue(this.channel, lane),
      { ...msg, priority: lane },
      { headers: headers(requestId) },
    );
  }

  async deadLetter(msg: DeliveryMessage, errorType: DeadLetterType, reason: string, requestId?: string): Promise<void> {
    await this.broker.publish('', this.names.deadLetterQueue(this.channel), withoutTarget(msg), {
      headers: { ...headers(requestId), 'x-herald-error-type': errorType, 'x-herald-error': reason },
    });
  }

  /** Where the queue would have dead-lettered it had it travelled alone. */
  async refuse(msg: DeliveryMessage, reason: string, requestId?: string): Promise<void> {
    await this.broker.publish('', this.names.deadLetterQueue(this.channel), withoutTarget(msg), {
      headers: { ...headers(requestId), 'x-herald-error-type': 'rejected', 'x-herald-error': reason },
    });
  }
}

/** Only a first attempt fresh from fan-out may skip the read: whatever follows it travels as ids. */
export function withoutTarget(msg: DeliveryMessage): DeliveryMessage {
  if (msg.target === undefined) return msg;
  const { target: _target, ...rest } = msg;
  return rest;
}

function headers(requestId: string | undefined): Record<string, string> {
  return requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
}
