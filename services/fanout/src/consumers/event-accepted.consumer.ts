import { REQUEST_ID_HEADER, type EventAcceptedMessage, type Lane, type Priority } from '@herald/contracts';
import type { Logger } from '@herald/logger';
import { injectTraceHeaders, SpanKind, withSpan } from '@herald/telemetry';
import type { HandlerOutcome, MessageQueue, QueueMessage, TopologyNames } from '@herald/messaging';
import type { FanoutStore } from '../data/fanout.store';
import { decodeEventMessage, type AcceptedEvent } from '../domain/event-message';
import { isPoison, poisonReason } from '../domain/fan-out-failure';
import type { FairShare } from '../domain/fair-share';
import { planFanOut } from '../domain/fan-out-event.use-case';
import { observeEndedAtFanOut, observeFailedByFanOut } from '../domain/fan-out-metrics';
import type { WorkBudget } from '../domain/work-budget';
import { BundledDeliveries, DirectDeliveries, type DeliverySink } from '../messaging/bundled-deliveries';

export interface FanoutDeps {
  repo: FanoutStore;
  broker: MessageQueue;
  names: TopologyNames;
  logger: Logger;
  /** Picks each event's lane: its priority, one lane down for a project over its fair share. */
  fairShare: FairShare;
  /** Notifications planned, inserted and published at once by this process (FANOUT_MAX_NOTIFICATIONS_IN_FLIGHT). */
  budget: WorkBudget;
  /** First attempts of one event and channel per delivery message (FANOUT_DELIVERIES_PER_MESSAGE). */
  deliveriesPerMessage: number;
}

/**
 * decode -> load (event and its templates) -> wait for the event's notifications to fit in the
 * process's budget -> create notifications and store content exactly
 * once -> publish the sendable ones -> ack. An event whose own data makes fan-out fail ends
 * `failed` with the reason at once; other errors propagate, so the Consumer requeues the message
 * (and the queue dead-letters it at the delivery limit, where fanout-dead-letter takes over).
 *
 * A bundle (`events.accepted`) fans its events out together, each as its own message would be,
 * and the deliveries of its small events travel together (BundledDeliveries), published before
 * the bundle is acknowledged. It never comes back whole: events that failed unexpectedly go back to `lane` one message each,
 * and a bundle delivered again (its handler crashed, or the process died) is split at once, so
 * an event that keeps failing, or crashes the process, meets the delivery limit alone and never
 * takes its bundle's other events to the dead-letter queue with it.
 */
export function eventAcceptedHandler(deps: FanoutDeps, lane: Lane) {
  const direct = new DirectDeliveries(deps.broker, deps.names, deps.deliveriesPerMessage);
  return async (msg: QueueMessage): Promise<HandlerOutcome> => {
    const decoded = decodeEventMessage(msg.body);
    if (!decoded) {
      deps.logger.error('undecodable event message dead-lettered', { content: msg.body.toString('utf8').slice(0, 200) });
      return 'reject';
    }
    if (decoded.kind === 'single') return handleEvent(deps, lane, decoded.event, msg.headers, direct);
    if (msg.redelivered || msg.deliveryCount > 0) {
      await split(deps, lane, decoded.events);
      return 'ack';
    }
    const sink = new BundledDeliveries(deps.broker, deps.names, deps.deliveriesPerMessage);
    const settled = await Promise.allSettled(decoded.events.map((e) => handleEvent(deps, lane, e, e.headers ?? {}, sink)));
    const failed = decoded.events.filter((_, i) => settled[i].status === 'rejected');
    try {
      await sink.flush();
    } catch (err) {
      // Their notifications exist but may not be queued: each event's own message queues them again.
      deps.logger.warn('deliveries of a bundle not published; each event goes back to its lane alone', { error: (err as Error).message });
      await split(deps, lane, decoded.events);
      return 'ack';
    }
    if (failed.length > 0) {
      const error = (settled.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason as Error;
      deps.logger.warn('events of a bundle failed; each goes back to its lane alone', { events: failed.length, error: error.message });
      await split(deps, lane, failed);
    }
    // An unknown event's single message would be dead-lettered, where only its log line remains: it is logged already.
    return 'ack';
  };
}

/** One event.accepted message per event, with the headers it came with, confirmed before the bundle is acknowledged. */
async function split(deps: FanoutDeps, lane: Lane, events: AcceptedEvent[]): Promise<void> {
  await Promise.all(
    events.map((e) => {
      const single: EventAcceptedMessage = { kind: 'event.accepted', event_id: e.event_id, project_id: e.project_id };
      return deps.broker.publish(deps.names.eventsExchange, deps.names.eventRoutingKey(lane), single, { headers: e.headers ?? {} });
    }),
  );
}

async function handleEvent(
  deps: FanoutDeps,
  from: Lane,
  message: AcceptedEvent,
  headers: Record<string, unknown>,
  sink: DeliverySink,
): Promise<HandlerOutcome> {
  const requestId = headers[REQUEST_ID_HEADER] as string | undefined;
  try {
    return await withSpan(
      'fanout.events process',
      SpanKind.CONSUMER,
      { 'herald.event_id': message.event_id, 'herald.project_id': message.project_id },
      // Deliveries carry the fan-out span on to the workers.
      () => fanOut(deps, from, message, injectTraceHeaders(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}), sink),
      headers,
    );
  } catch (err) {
    if (!isPoison(err)) throw err;
    const reason = poisonReason(err);
    const failed = await deps.repo.failEvent(message.event_id, reason);
    if (failed) observeFailedByFanOut(failed.failedByChannel);
    deps.logger.error('event cannot be fanned out; it ends failed', {
      event_id: message.event_id,
      request_id: requestId,
      status: failed?.status,
      error: (err as Error).message,
    });
    return 'ack';
  }
}

/** Herald's own emails stay in the `system` lane from fan-out to the worker; the others' lane is their priority, or one lower (fair share). */
function deliveryLane(deps: FanoutDeps, from: Lane, event: { project_id: string; priority: Priority }, deliveries: number): Lane {
  return from === 'system' ? 'system' : deps.fairShare.lane(event.project_id, event.priority, deliveries);
}

async function fanOut(
  deps: FanoutDeps,
  from: Lane,
  message: AcceptedEvent,
  headers: Record<string, string>,
  sink: DeliverySink,
): Promise<HandlerOutcome> {
  const event = await deps.repo.loadEvent(message.event_id);
  if (!event) {
    deps.logger.error('event message for an unknown event dead-lettered', {
      event_id: message.event_id,
      request_id: headers[REQUEST_ID_HEADER],
    });
    return 'reject';
  }
  // Plans, insert parameters, returned rows and publishes in flight all scale with this.
  // A consumer recipient's webhook may become one per endpoint: count them all (an upper bound).
  const notifications = event.recipients.reduce((n, r) => n + r.channels.length, 0) + event.endpoints.length;
  return deps.budget.run(
    notifications,
    async (): Promise<HandlerOutcome> => {
      const created = await deps.repo.createNotifications({ event, ...planFanOut(event) });
      if (created) observeEndedAtFanOut(created.ended);
      // A redelivered message created nothing: queue again whatever has not been attempted yet.
      const pending = created?.pending ?? (await deps.repo.pendingNotifications(event.id));
      const lane = deliveryLane(deps, from, event, pending.length);
      // Only notifications created just now may carry their target; a republish is read by the worker.
      await sink.add(event, pending, headers, lane, created !== undefined);
      deps.logger.info('event fanned out', {
        event_id: event.id,
        request_id: headers[REQUEST_ID_HEADER],
        notifications: pending.length,
        lane,
      });
      return 'ack';
    },
    from === 'system' ? 'system' : event.priority,
  );
}
