export const EVENT_STATUSES = ['accepted', 'processing', 'completed', 'partially_failed', 'failed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * processing: created by fan-out and queued or being attempted; retrying: the last attempt
 * failed transiently and the next one is scheduled; delivered, failed and suppressed are terminal.
 */
export const NOTIFICATION_STATUSES = ['processing', 'retrying', 'delivered', 'failed', 'suppressed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const TERMINAL_NOTIFICATION_STATUSES: readonly NotificationStatus[] = ['delivered', 'failed', 'suppressed'];

export const DEAD_LETTER_STATUSES = ['active', 'retried', 'discarded'] as const;
export type DeadLetterStatus = (typeof DEAD_LETTER_STATUSES)[number];
