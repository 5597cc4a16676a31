import type { Logger } from '@herald/logger';
import type { HandlerOutcome, QueueMessage } from '@herald/messaging';
import type { FanoutStore } from '../data/fanout.store';
import { decodeEventMessage } from '../domain/event-message';
import { observeFailedByFanOut } from '../domain/fan-out-metrics';
import { deadLetterReason } from '../domain/fan-out-failure';

/**
 * Consumes the fan-out dead-letter queue. A message lands there when fan-out crashed or failed
 * on it at every attempt up to the queue's delivery limit (a crash, say out of memory, leaves no
 * handler to record anything), or when it was rejected as unusable. Its event, when there is
 * one, ends `failed` with the reason instead of staying `accepted` for ever; the message is done.
 */
export function fanoutDeadLetterHandler(deps: { repo: FanoutStore; logger: Logger }) {
  return async (msg: QueueMessage): Promise<HandlerOutcome> => {
    const message = decodeEventMessage(msg.body);
    const death = msg.deathReason;
    if (!message) {
      deps.logger.error('undecodable message dropped from the fan-out dead-letter queue', {
        death_reason: death,
        content: msg.body.toString('utf8').slice(0, 200),
      });
      return 'ack';
    }
    const reason = deadLetterReason(death);
    const events = message.kind === 'single' ? [message.event] : message.events;
    for (const { event_id } of events) {
      const failed = await deps.repo.failEvent(event_id, reason);
      if (failed) observeFailedByFanOut(failed.failedByChannel);
      deps.logger.error('fan-out gave up on an event', { event_id, death_reason: death, status: failed?.status ?? 'unchanged' });
    }
    return 'ack';
  };
}
