import { REQUEST_ID_HEADER } from '@herald/contracts';
import { runWithRequestId, type Logger } from '@herald/logger';
import { SpanKind, withSpan } from '@herald/telemetry';
import type { HandlerOutcome, QueueMessage } from '@herald/messaging';
import { decodeDeliveryMessage } from '../domain/delivery-message.decoder';
import { deliverNotification, type DeliverNotificationDeps } from '../domain/deliver-notification.use-case';

function requestIdOf(msg: QueueMessage): string | undefined {
  const value: unknown = msg.headers[REQUEST_ID_HEADER];
  if (typeof value === 'string' && value) return value;
  return Buffer.isBuffer(value) && value.length ? value.toString('utf8') : undefined;
}

/**
 * The transport edge: queue message in, ack or reject out. An undecodable message is rejected
 * (the queue dead-letters it, no retries); unexpected errors propagate so the Consumer requeues.
 */
export function deliveryHandler(deps: DeliverNotificationDeps): (msg: QueueMessage) => Promise<HandlerOutcome> {
  const logger: Logger = deps.logger;
  return (raw) => {
    const requestId = requestIdOf(raw);
    return runWithRequestId(requestId, async () => {
      const decoded = decodeDeliveryMessage(raw.body, deps.channel);
      if (!decoded.ok) {
        logger.warn('invalid delivery message dead-lettered', { reason: decoded.reason, message_id: raw.messageId });
        return 'reject';
      }
      const { notification_id, event_id, attempt } = decoded.message;
      return withSpan(
        `${deps.channel} deliver`,
        SpanKind.CONSUMER,
        {
          'herald.notification_id': notification_id,
          'herald.event_id': event_id,
          'herald.channel': deps.channel,
          'herald.attempt': attempt,
        },
        () => deliverNotification(deps, decoded.message, requestId, { redelivered: raw.redelivered }),
        raw.headers,
      );
    });
  };
}
