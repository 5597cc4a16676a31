import type { Channel, DeliveryMessage } from '@herald/contracts';
import type { Logger } from '@herald/logger';
import type { ConcurrencyGate } from '@herald/runtime';
import { SpanKind, withSpan } from '@herald/telemetry';
import { nextRetryDelay, type RetryPolicyLike } from '@herald/messaging';
import type { DeliveryStore } from '../data/delivery.store';
import type { AttemptRecord } from '../data/notification.repository';
import type { SigningSecretsPort } from '../data/signing-secrets.source';
import type { EndpointStatesPort } from '../data/endpoint-states.source';
import { withoutTarget, type DeliveryFollowUps } from '../messaging/delivery.publisher';
import type { EndpointHealthPort } from '../data/endpoint-health.repository';
import { observeAttempt, observeDecision, observeEndpointDisabled, observeHeld, observeMoved } from './delivery-metrics';
import type { EndpointPacing } from './endpoint-pacing';
import { decideNextStep, retryCountAfter, type DeliveryDecision } from './delivery.decision';
import {
  describeError,
  type DeliveryOutcome,
  type DeliveryProvider,
  type DeliveryRequest,
  type DeliveryTarget,
} from './delivery-provider.port';
import { takeShare, type LaneShares } from './lane-shares';
import { redeliveryVerdict } from './redelivery';

export interface DeliverNotificationDeps {
  channel: Channel;
  store: DeliveryStore;
  provider: DeliveryProvider;
  followUps: DeliveryFollowUps;
  /** Backoff of the channel; its maxAttempts is the budget when a message names none. */
  policy: RetryPolicyLike;
  logger: Logger;
  /**
   * Webhooks: the projects' signing secrets, so a first attempt whose message carries its
   * `target` can be sent without reading the notification. Absent: every delivery reads.
   */
  secrets?: SigningSecretsPort;
  /**
   * Webhooks to consumer endpoints: the endpoints' secrets and state, so a first attempt whose
   * target names its endpoint can be sent without reading the notification. Absent: it reads.
   */
  endpointStates?: EndpointStatesPort;
  /** Bounds the provider calls in flight (a lane's prefetch); reads and records wait outside it. */
  sends?: ConcurrencyGate;
  /**
   * The lane's fair shares per project and destination (absent in the last lane and in `system`):
   * a delivery whose project, or destination, holds its share with slow sends moves to the lane
   * below, so other work goes first.
   */
  shares?: LaneShares;
  /**
   * Webhooks to consumer endpoints (docs/consumers.md): their rate limits and their health.
   * Absent: an endpoint's notification is sent as any other.
   */
  endpoints?: EndpointCare;
}

export interface EndpointCare {
  health: EndpointHealthPort;
  /** The lane's pacing of rate-limited endpoints. */
  pacing: EndpointPacing;
  /** An endpoint whose every attempt failed for this long is disabled at its next final failure. */
  disableAfterHours: number;
}

/** What the transport knows about the queue message itself. */
export interface DeliveryContext {
  /** The broker delivered this message before (a crash, a lost channel): it may have been sent already. */
  redelivered: boolean;
}

export type DeliveryResult = 'ack' | 'reject';

/** What every log line about one delivery names. */
interface LogIds {
  notification_id: string;
  request_id: string | undefined;
}

const LOG_STATUS = { delivered: 'delivered', retry: 'retrying', 'dead-letter': 'failed' } as const;

function attemptRecord(msg: DeliveryMessage, decision: DeliveryDecision, outcome: DeliveryOutcome): AttemptRecord {
  return {
    notificationId: msg.notification_id,
    attempt: msg.attempt,
    status: LOG_STATUS[decision.kind],
    retryCount: retryCountAfter(decision, msg.attempt),
    error: decision.kind === 'delivered' ? null : decision.reason,
    providerResponse: outcome.providerResponse,
    retryDelayMs: decision.kind === 'retry' ? decision.delayMs : undefined,
    deadLetter: decision.kind === 'dead-letter' ? { errorType: decision.errorType, message: withoutTarget(msg) } : undefined,
    suppress: outcome.kind === 'permanent' ? outcome.suppress : undefined,
  };
}

/**
 * A provider adapter judges its own errors; one that throws anyway has a bug or met something
 * unforeseen. That attempt counts as a retryable failure, so it is recorded, retried within the
 * budget and finally dead-lettered where an operator sees it, instead of looping through requeues.
 * Timed from its start, not from waiting for a send slot.
 */
async function attempt(deps: DeliverNotificationDeps, request: DeliveryRequest): Promise<DeliveryOutcome> {
  const started = performance.now();
  let outcome: DeliveryOutcome;
  try {
    // The provider call as a client span: webhook POST, SMTP/SES send, Twilio request.
    outcome = await withSpan(`${deps.channel} provider send`, SpanKind.CLIENT, { 'herald.channel': deps.channel }, () =>
      deps.provider.send(request),
    );
  } catch (err) {
    deps.logger.error('provider failed unexpectedly', {
      notification_id: request.message.notification_id,
      request_id: request.requestId,
      error: describeError(err),
    });
    outcome = { kind: 'retryable', providerResponse: {}, error: `internal error: ${describeError(err)}` };
  }
  observeAttempt(deps.channel, outcome, (performance.now() - started) / 1000);
  return outcome;
}

/**
 * The notification as the message carries it, without reading it, or undefined to read it. Only
 * a webhook's first attempt fresh from fan-out qualifies: nothing can have attempted it yet, so
 * it is `processing` with no retries (fan-out's republish after a crash, retries and replays
 * carry no `target`; a redelivered message may have been sent already, so it is read).
 */
async function targetFromMessage(
  deps: DeliverNotificationDeps,
  msg: DeliveryMessage,
  context: DeliveryContext,
): Promise<DeliveryTarget | undefined> {
  const carried = msg.target;
  if (deps.channel !== 'webhook' || msg.attempt !== 1 || !carried || context.redelivered) return undefined;
  const fromMessage: Omit<DeliveryTarget, 'sealedSecret' | 'previousSealedSecret'> = {
    status: 'processing',
    retryCount: 0,
    recipient: carried.recipient,
    eventType: carried.event_type,
    acceptedAt: new Date(carried.accepted_at),
    payload: carried.payload,
    content: null,
    attachments: [],
  };
  const endpointId = carried.endpoint_id;
  if (endpointId === undefined) {
    const secrets = await deps.secrets?.get(msg.project_id);
    return secrets && { ...fromMessage, sealedSecret: secrets.sealed, previousSealedSecret: secrets.previousSealed };
  }
  // Another project's endpoint never signs: the read, scoped by project, finds no secret for it.
  const endpoint = await deps.endpointStates?.get(endpointId);
  if (!endpoint || endpoint.projectId !== msg.project_id) return undefined;
  return {
    ...fromMessage,
    sealedSecret: endpoint.secrets.sealed,
    previousSealedSecret: endpoint.secrets.previousSealed,
    endpointId,
    endpoint: endpoint.state,
  };
}

/**
 * Records the attempt; false when its caller must not follow up. A first attempt sent from its
 * message never read the notification, so fan-out may have failed it meanwhile by giving up on
 * the event; the receiver got it, so a delivery is still recorded as one.
 */
async function record(deps: DeliverNotificationDeps, attempt: AttemptRecord, sentUnread: boolean, context: LogIds): Promise<boolean> {
  if (await deps.store.record(attempt)) return true;
  if (sentUnread && attempt.status === 'delivered' && (await deps.store.recordDeliveredAfterGiveUp(attempt))) {
    deps.logger.warn('delivered after fan-out had given up on its event: recorded as delivered', context);
    return true;
  }
  deps.logger.warn('attempt not recorded: another attempt already moved the notification on', context);
  return false;
}

/**
 * A delivery to an endpoint disabled after it was queued (by hand, or by Herald for failing) is
 * not sent: it fails at once as a permanent failure, so it lands in the dead letters, from which
 * the endpoint's replay sends it once the endpoint is enabled again.
 */
async function failDisabled(
  deps: DeliverNotificationDeps,
  msg: DeliveryMessage,
  target: DeliveryTarget,
  requestId: string | undefined,
  ids: LogIds,
): Promise<DeliveryResult> {
  const outcome: DeliveryOutcome = { kind: 'permanent', providerResponse: {}, error: 'its consumer endpoint is disabled' };
  const decision = decideNextStep(outcome, msg.attempt, msg.max_attempts ?? deps.policy.maxAttempts, deps.policy);
  if (!(await record(deps, attemptRecord(msg, decision, outcome), false, ids))) return 'ack';
  observeDecision(deps.channel, decision, target.acceptedAt);
  if (decision.kind === 'dead-letter') await deps.followUps.deadLetter(msg, decision.errorType, decision.reason, requestId);
  deps.logger.info(`${deps.channel} delivery not sent: its consumer endpoint is disabled`, ids);
  return 'ack';
}

/**
 * Moves the endpoint's health with the recorded attempt: `failing_since` set at the first failure
 * after a success and cleared at the first success after a failure (as the notification's read
 * saw it, so a healthy endpoint costs no write), and at a final failure of an endpoint failing
 * for the whole period, the endpoint disabled. A lost update here must not repeat the attempt:
 * it is logged, and the next attempt of the endpoint moves its health on.
 */
async function followEndpointHealth(
  deps: DeliverNotificationDeps,
  projectId: string,
  target: DeliveryTarget,
  decision: DeliveryDecision,
  ids: LogIds,
) {
  const care = deps.endpoints;
  const endpoint = target.endpoint;
  const endpointId = target.endpointId;
  if (!care || !endpoint || !endpointId) return;
  try {
    if (decision.kind === 'delivered') {
      if (endpoint.failing) await care.health.succeeded(endpointId);
    } else if (!endpoint.failing) {
      await care.health.failed(endpointId);
    } else if (decision.kind === 'dead-letter') {
      const hours = care.disableAfterHours;
      const reason = `every delivery failed for more than ${hours} ${hours === 1 ? 'hour' : 'hours'}: disabled by Herald`;
      if (await care.health.disableIfFailing(endpointId, projectId, hours, reason)) {
        observeEndpointDisabled();
        deps.logger.warn('consumer endpoint disabled: its deliveries kept failing', { ...ids, endpoint_id: endpointId, reason });
      }
    }
  } catch (err) {
    deps.logger.warn('endpoint health not updated', { ...ids, endpoint_id: endpointId, error: describeError(err) });
  }
}

/**
 * One attempt of one notification on any channel: load -> send through the provider port ->
 * judge -> record -> follow up. Recording comes before the follow-up publish, so a crash in
 * between repeats an attempt (at least once) but never loses one; an attempt already handled
 * is acknowledged without sending again.
 */
export async function deliverNotification(
  deps: DeliverNotificationDeps,
  msg: DeliveryMessage,
  requestId?: string,
  delivery: DeliveryContext = { redelivered: true },
): Promise<DeliveryResult> {
  const { logger, channel } = deps;
  const ids: LogIds = { notification_id: msg.notification_id, request_id: requestId };
  const carried = await targetFromMessage(deps, msg, delivery);
  const target = carried ?? (await deps.store.find({ notificationId: msg.notification_id, projectId: msg.project_id }));
  if (!target) {
    logger.warn('delivery for an unknown notification dead-lettered', ids);
    return 'reject';
  }
  const verdict = redeliveryVerdict(target, msg);
  if (verdict === 'reschedule') {
    await deps.followUps.retryLater(msg, nextRetryDelay(deps.policy, msg.attempt - 1), requestId);
    logger.info('redelivered attempt was already recorded; its retry is queued again', ids);
    return 'ack';
  }
  if (verdict === 'skip') {
    if (logger.isDebugEnabled()) {
      logger.debug('attempt already handled; nothing sent', { ...ids, status: target.status });
    }
    return 'ack';
  }

  const request = { message: msg, target, requestId };
  if (target.endpoint?.disabled) return failDisabled(deps, msg, target, requestId, ids);
  const rate = target.endpoint?.rateLimitPerSecond;
  if (rate && target.endpointId && deps.endpoints) {
    const held = msg.rate_slot === undefined ? undefined : { slot: msg.rate_slot, late: msg.rate_late === true };
    const paced = await deps.endpoints.pacing.pace(target.endpointId, msg.project_id, rate, held);
    if (paced.kind === 'hold') {
      // No longer than the channel's longest retry delay: on RabbitMQ a message waits in the delay
      // queue of its band, and one longer than the last band's would hold up the retries queued
      // behind it. A delivery back before its slot is simply held again, still holding that slot.
      const delayMs = Math.min(paced.delayMs, deps.policy.maxDelayMs);
      await deps.followUps.holdUntil(msg, delayMs, { slot: paced.slot, late: paced.late }, requestId);
      observeHeld(channel, 'requeued');
      if (logger.isDebugEnabled())
        logger.debug(`${channel} delivery held back for its endpoint's rate limit`, { ...ids, delay_ms: delayMs });
      return 'ack';
    }
    if (paced.waitedMs > 0) observeHeld(channel, 'waited');
  }
  const shares = deps.shares;
  const share = shares && (await takeShare(shares, msg.project_id, target.recipient));
  if (share?.kind === 'move') {
    // The same attempt, not sent: it keeps its target only if nothing here needed to read it.
    await deps.followUps.moveTo(carried ? msg : withoutTarget(msg), shares!.lane, requestId);
    observeMoved(channel, shares!.from, share.by);
    if (logger.isDebugEnabled())
      logger.debug(`${channel} delivery moved to the ${shares!.lane} lane: its ${share.by}'s sends are slow`, ids);
    return 'ack';
  }
  let outcome: DeliveryOutcome;
  try {
    outcome = await (deps.sends ? deps.sends.run(() => attempt(deps, request)) : attempt(deps, request));
  } finally {
    share?.release();
  }
  const decision = decideNextStep(outcome, msg.attempt, msg.max_attempts ?? deps.policy.maxAttempts, deps.policy);
  if (!(await record(deps, attemptRecord(msg, decision, outcome), carried !== undefined, ids))) return 'ack';
  observeDecision(channel, decision, target.acceptedAt);
  await followEndpointHealth(deps, msg.project_id, target, decision, ids);
  const context = { ...ids, attempt: msg.attempt, message_id: outcome.providerResponse.message_id };
  if (decision.kind === 'retry') {
    await deps.followUps.retryLater(msg, decision.delayMs, requestId);
    logger.info(`${channel} attempt failed; retry scheduled`, { ...context, error: decision.reason, delay_ms: decision.delayMs });
  } else if (decision.kind === 'dead-letter') {
    await deps.followUps.deadLetter(msg, decision.errorType, decision.reason, requestId);
    const suppressed = outcome.kind === 'permanent' && outcome.suppress ? { suppressed: outcome.suppress } : {};
    logger.warn(`${channel} delivery failed; dead-lettered`, {
      ...context,
      error: decision.reason,
      error_type: decision.errorType,
      ...suppressed,
    });
  } else if (logger.isDebugEnabled()) {
    // winston formats every entry before filtering by level: the guard keeps the hot path cheap.
    logger.debug(`${channel} delivered`, context);
  }
  return 'ack';
}
