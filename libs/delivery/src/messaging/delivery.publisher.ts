import { REQUEST_ID_HEADER, type Channel, type DeliveryMessage } from '@herald/contracts';
import { ladderBucket, retryLadder, type Broker, type RetryPolicyLike, type TopologyNames } from '@herald/messaging';
import type { DeadLetterType } from '../domain/delivery.decision';

/** The follow-up port: where a delivery goes after an attempt that did not end it well. */
export interface DeliveryFollowUps {
  retryLater(msg: DeliveryMessage, delayMs: number, requestId?: string): Promise<void>;
  deadLetter(msg: DeliveryMessage, errorType: DeadLetterType, reason: string, requestId?: string): Promise<void>;
}

/**
 * Publishes through the default exchange straight to one channel's queues, with publisher
 * confirms. Each handler awaits only its own confirm, so concurrent deliveries keep the
 * confirms pipelined.
 */
export class DeliveryPublisher implements DeliveryFollowUps {
  private readonly ladder: number[];

  constructor(
    private readonly broker: Broker,
    private readonly names: TopologyNames,
    private readonly channel: Channel,
    policy: RetryPolicyLike,
  ) {
    this.ladder = retryLadder(policy);
  }

  /** Waits in the delay queue whose TTL band fits, expires per message, and flows back to the work queue. */
  async retryLater(msg: DeliveryMessage, delayMs: number, requestId?: string): Promise<void> {
    const queue = this.names.retryQueue(this.channel, ladderBucket(this.ladder, delayMs));
    const next: DeliveryMessage = { ...msg, attempt: msg.attempt + 1 };
    await this.broker.publish('', queue, next, { expiration: String(delayMs), headers: headers(requestId) });
  }

  async deadLetter(msg: DeliveryMessage, errorType: DeadLetterType, reason: string, requestId?: string): Promise<void> {
    await this.broker.publish('', this.names.deadLetterQueue(this.channel), msg, {
      headers: { ...headers(requestId), 'x-herald-error-type': errorType, 'x-herald-error': reason },
    });
  }
}

function headers(requestId: string | undefined): Record<string, string> {
  return requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
}
