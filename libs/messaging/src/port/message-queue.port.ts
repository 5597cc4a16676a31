import type { Logger } from '@herald/logger';

export type QueueDriverName = 'rabbitmq' | 'postgres';

/** A message as a consumer sees it, whichever driver carried it. */
export interface QueueMessage {
  body: Buffer;
  headers: Record<string, unknown>;
  messageId?: string;
  /** Earlier deliveries of this message that ended without an ack (0 on the first). */
  deliveryCount: number;
  redelivered: boolean;
  /** On a dead-letter queue: why the message got there (`rejected`, `delivery_limit`, ...). */
  deathReason?: string;
}

/**
 * ack: done (delivered, retried through a delay, or dead-lettered by us).
 * reject: the message itself is unusable; the queue dead-letters it without retries.
 * A handler that throws gets its message back after a pause that grows with each redelivery.
 */
export type HandlerOutcome = 'ack' | 'reject';

export interface PublishOptions {
  headers?: Record<string, unknown>;
  messageId?: string;
}

export interface ConsumerOptions {
  queue: string;
  /** Messages held (in flight) at once by this consumer. */
  prefetch: number;
  logger: Logger;
  handle: (msg: QueueMessage) => Promise<HandlerOutcome>;
}

export interface QueueConsumer {
  start(): Promise<void>;
  /** Stops taking messages, then waits for the handlers in flight; nothing half done is dropped. */
  stop(): Promise<void>;
  readonly inFlightCount: number;
}

export interface QueueStats {
  name: string;
  /** Messages waiting (ready or delayed), null when the queue does not exist. */
  messages: number | null;
  consumers: number | null;
}

/**
 * The messaging port every service uses. Routing follows one topology (TopologyNames): the
 * events exchange feeds the fan-out queue, the deliveries exchange routes by channel, and the
 * exchange '' addresses a queue by its name. Work queues have a delivery limit and a dead-letter
 * queue, so a message that keeps crashing its consumer cannot loop forever.
 */
export interface MessageQueue {
  readonly driver: QueueDriverName;
  /** True while the driver can publish and deliver (connected to its broker or database). */
  readonly isConnected: boolean;
  /** Waits for the first connection with the topology in place. */
  ready(): Promise<void>;
  /** Resolves once the message is durably accepted (broker confirm, or committed insert). */
  publish(exchange: string, routingKey: string, body: unknown, options?: PublishOptions): Promise<void>;
  /** Puts a message back on a work queue after `delayMs` (retries); resolves once it is durably accepted. */
  publishDelayed(queue: string, body: unknown, delayMs: number, options?: PublishOptions): Promise<void>;
  consumer(options: ConsumerOptions): QueueConsumer;
  /** Every queue of the topology, in the order health reports list them. */
  topologyQueues(): string[];
  /** Depth and consumers of each named queue, for health and metrics. */
  inspectQueues(queues: string[]): Promise<QueueStats[]>;
  close(): Promise<void>;
}

export class BrokerUnavailableError extends Error {
  override readonly name = 'BrokerUnavailableError';
}

/** Bodies travel as bytes: a Buffer as is, anything else as JSON. */
export function encodeBody(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
}

/** Unexpected failures (database down) are requeued after a pause that grows with each redelivery. */
export function requeuePauseMs(deliveryCount: number): number {
  return Math.min(30_000, 250 * 2 ** Math.min(deliveryCount, 7));
}

/**
 * A poisoned message (one that crashes its consumer) is redelivered at most this many times
 * before it is dead-lettered; without it RabbitMQ 3.x would loop forever.
 */
export const DELIVERY_LIMIT = 10;
