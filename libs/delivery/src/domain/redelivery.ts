import { TERMINAL_NOTIFICATION_STATUSES, type DeliveryMessage, type NotificationStatus } from '@herald/contracts';

export type RedeliveryVerdict = 'send' | 'skip' | 'reschedule';

/**
 * A message seen again (the worker crashed, lost its channel, or failed to publish the retry
 * before the ack) must not send twice. Final notification, or a later attempt already recorded:
 * skip. This very attempt recorded as retrying: its retry may never have been published, so
 * publish it again without sending; a duplicate retry is skipped by this same rule.
 */
export function redeliveryVerdict(target: { status: NotificationStatus; retryCount: number }, msg: DeliveryMessage): RedeliveryVerdict {
  if (TERMINAL_NOTIFICATION_STATUSES.includes(target.status)) return 'skip';
  if (target.status !== 'retrying' || target.retryCount < msg.attempt) return 'send';
  return target.retryCount === msg.attempt ? 'reschedule' : 'skip';
}
