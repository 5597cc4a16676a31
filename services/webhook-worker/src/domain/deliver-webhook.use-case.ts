import { randomUUID } from 'node:crypto';
import { TERMINAL_NOTIFICATION_STATUSES, type DeliveryMessage } from '@herald/contracts';
import type { Logger } from '@herald/logger';
import { nextRetryDelay, type RetryPolicyLike } from '@herald/messaging';
import type { DeliveryStore } from '../data/delivery.store';
import type { AttemptRecord, DeliveryTarget } from '../data/notification.repository';
import type { SigningSecretCache } from '../data/signing-secret.cache';
import type { DeliveryFollowUps } from '../messaging/delivery.publisher';
import { classifyOutcome } from './delivery-outcome.classifier';
import { decideNextStep, retryCountAfter, type DeliveryDecision } from './delivery.decision';
import { buildWebhookRequest } from './webhook-request.builder';
import type { SendResult, WebhookSender } from './webhook-sender.port';

export interface DeliverWebhookDeps {
  store: DeliveryStore;
  secrets: SigningSecretCache;
  sender: WebhookSender;
  followUps: DeliveryFollowUps;
  /** Backoff of the webhook channel; its maxAttempts is the budget when a message names none. */
  policy: RetryPolicyLike;
  logger: Logger;
}

export type DeliveryResult = 'ack' | 'reject';

const LOG_STATUS = { delivered: 'delivered', retry: 'retrying', 'dead-letter': 'failed' } as const;

function attemptRecord(msg: DeliveryMessage, decision: DeliveryDecision, result: SendResult, messageId: string): AttemptRecord {
  const response = result.kind === 'response' ? result : undefined;
  return {
    notificationId: msg.notification_id,
    attempt: msg.attempt,
    status: LOG_STATUS[decision.kind],
    retryCount: retryCountAfter(decision, msg.attempt),
    error: decision.kind === 'delivered' ? null : decision.reason,
    providerResponse: {
      status_code: response?.statusCode ?? null,
      latency_ms: result.latencyMs,
      message_id: messageId,
      body_excerpt: response?.bodyExcerpt ?? null,
    },
    deadLetter: decision.kind === 'dead-letter' ? { errorType: decision.errorType, message: msg } : undefined,
  };
}

export type RedeliveryVerdict = 'send' | 'skip' | 'reschedule';

/**
 * A message seen again (the worker crashed, lost its channel, or failed to publish the retry
 * before the ack) must not send twice. Final notification, or a later attempt already recorded:
 * skip. This very attempt recorded as retrying: its retry may never have been published, so
 * publish it again without sending; a duplicate retry is skipped by this same rule.
 */
export function redeliveryVerdict(target: DeliveryTarget, msg: DeliveryMessage): RedeliveryVerdict {
  if (TERMINAL_NOTIFICATION_STATUSES.includes(target.status)) return 'skip';
  if (target.status !== 'retrying' || target.retryCount < msg.attempt) return 'send';
  return target.retryCount === msg.attempt ? 'reschedule' : 'skip';
}

/**
 * One attempt of one webhook: load -> send -> judge -> record -> follow up. Recording comes
 * before the follow-up publish, so a crash in between repeats an attempt (at least once) but
 * never loses one; an attempt already handled is acknowledged without sending again.
 */
export async function deliverWebhook(deps: DeliverWebhookDeps, msg: DeliveryMessage, requestId?: string): Promise<DeliveryResult> {
  const { logger } = deps;
  const target = await deps.store.find({ notificationId: msg.notification_id, projectId: msg.project_id });
  if (!target) {
    logger.warn('delivery for an unknown notification dead-lettered', { notification_id: msg.notification_id });
    return 'reject';
  }
  const verdict = redeliveryVerdict(target, msg);
  if (verdict === 'reschedule') {
    await deps.followUps.retryLater(msg, nextRetryDelay(deps.policy, msg.attempt - 1), requestId);
    logger.info('redelivered attempt was already recorded; its retry is queued again', { notification_id: msg.notification_id });
    return 'ack';
  }
  if (verdict === 'skip') {
    if (logger.isDebugEnabled()) {
      logger.debug('attempt already handled; nothing sent', { notification_id: msg.notification_id, status: target.status });
    }
    return 'ack';
  }

  const messageId = randomUUID();
  const secret = deps.secrets.open(msg.project_id, target.sealedSecret);
  const result = await deps.sender.send(buildWebhookRequest(msg, secret, { now: new Date(), messageId, requestId }));
  const decision = decideNextStep(classifyOutcome(result), msg.attempt, msg.max_attempts ?? deps.policy.maxAttempts, deps.policy);

  if (!(await deps.store.record(attemptRecord(msg, decision, result, messageId)))) {
    logger.warn('attempt not recorded: another attempt already moved the notification on', { notification_id: msg.notification_id });
    return 'ack';
  }
  const context = { notification_id: msg.notification_id, attempt: msg.attempt, message_id: messageId };
  if (decision.kind === 'retry') {
    await deps.followUps.retryLater(msg, decision.delayMs, requestId);
    logger.info('webhook attempt failed; retry scheduled', { ...context, error: decision.reason, delay_ms: decision.delayMs });
  } else if (decision.kind === 'dead-letter') {
    await deps.followUps.deadLetter(msg, decision.errorType, decision.reason, requestId);
    logger.warn('webhook failed; dead-lettered', { ...context, error: decision.reason, error_type: decision.errorType });
  } else if (logger.isDebugEnabled()) {
    // winston formats every entry before filtering by level: the guard keeps the hot path cheap.
    logger.debug('webhook delivered', context);
  }
  return 'ack';
}
