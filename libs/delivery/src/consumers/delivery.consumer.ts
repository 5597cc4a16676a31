import type { DeliveryMessage } from '@herald/contracts';
import { REQUEST_ID_HEADER } from '@herald/contracts';
import type { Logger } from '@herald/logger';
import type { HandlerOutcome, QueueMessage } from '@herald/messaging';
import { ConcurrencyGate } from '@herald/runtime';
import { SpanKind, withSpan } from '@herald/telemetry';
import { decodeDeliveryMessage } from '../domain/delivery-message.decoder';
import {
  deliverNotification,
  type DeliveryContext,
  type DeliveryResult,
  type DeliverNotificationDeps,
} from '../domain/deliver-notification.use-case';

function requestIdOf(msg: QueueMessage): string | undefined {
  const value: unknown = msg.headers[REQUEST_ID_HEADER];
  if (typeof value === 'string' && value) return value;
  return Buffer.isBuffer(value) && value.length ? value.toString('utf8') : undefined;
}

interface Delivery {
  message: DeliveryMessage;
  requestId: string | undefined;
  context: DeliveryContext;
  /** The queue message's headers: the trace context travels in them. */
  headers: Record<string, unknown>;
}

function deliverOne(deps: DeliverNotificationDeps, d: Delivery): Promise<DeliveryResult> {
  const { notification_id, event_id, attempt } = d.message;
  return withSpan(
    `${deps.channel} deliver`,
    SpanKind.CONSUMER,
    {
      'herald.notification_id': notification_id,
      'herald.event_id': event_id,
      'herald.channel': deps.channel,
      'herald.attempt': attempt,
    },
    () => deliverNotification(deps, d.message, d.requestId, d.context),
    d.headers,
  );
}

/**
 * A batch is acknowledged once every delivery in it is recorded. If any failed unexpectedly
 * (the database went away), the whole message comes back: its redelivery reads each
 * notification, so those already recorded are skipped, not sent twice. A notification that does
 * not exist is refused on its own, as a single message of it would be.
 */
async function deliverBatch(
  deps: DeliverNotificationDeps,
  inProgress: ConcurrencyGate,
  deliveries: Delivery[],
  onProgress: () => void,
): Promise<HandlerOutcome> {
  // Items of a fan-out bundle each carry (and log) their own event's request id.
  const settled = await Promise.allSettled(deliveries.map((d) => inProgress.run(() => deliverOne(deps, d).finally(onProgress))));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  const refused = deliveries.filter((_, i) => (settled[i] as PromiseFulfilledResult<DeliveryResult>).value === 'reject');
  for (const d of refused) await deps.followUps.refuse(d.message, 'unknown notification', d.requestId);
  return 'ack';
}

/** Deliveries a lane keeps between read and record per send slot: sends go on while records commit. */
const IN_PROGRESS_PER_SEND = 4;

export interface DeliveryHandlerOptions {
  /** Provider calls (sends) this handler makes at once, however many deliveries its messages carry. */
  maxSends: number;
  /**
   * Called as each delivery of a batch ends: a batch behind slow receivers and a small prefetch
   * can take longer than the liveness watchdog's window while its deliveries move on.
   */
  onProgress?: () => void;
}

/**
 * The transport edge: queue message in, ack or reject out. An undecodable message is rejected
 * (the queue dead-letters it, no retries); unexpected errors propagate so the Consumer requeues.
 */
export function deliveryHandler(
  deps: DeliverNotificationDeps,
  options: DeliveryHandlerOptions,
): (msg: QueueMessage) => Promise<HandlerOutcome> {
  const logger: Logger = deps.logger;
  // A delivery waiting for its record to commit holds no send slot, so the lane keeps sending
  // while a batch of records is written; deliveries in progress (read to recorded) are bounded
  // too, or every item of every prefetched batch message would load its content at once.
  const lane: DeliverNotificationDeps = { ...deps, sends: new ConcurrencyGate(options.maxSends) };
  const inProgress = new ConcurrencyGate(options.maxSends * IN_PROGRESS_PER_SEND);
  const onProgress = options.onProgress ?? (() => undefined);
  return async (raw) => {
    const requestId = requestIdOf(raw);
    const decoded = decodeDeliveryMessage(raw.body, deps.channel);
    if (!decoded.ok) {
      logger.warn('invalid delivery message dead-lettered', { reason: decoded.reason, message_id: raw.messageId, request_id: requestId });
      return 'reject';
    }
    const context = { redelivered: raw.redelivered };
    const deliveries = decoded.messages.map((message, i) => ({
      message,
      requestId: decoded.requestIds?.[i] ?? requestId,
      context,
      headers: raw.headers,
    }));
    if (deliveries.length === 1) return inProgress.run(() => deliverOne(lane, deliveries[0]));
    return deliverBatch(lane, inProgress, deliveries, onProgress);
  };
}
