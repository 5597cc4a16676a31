import type { ValidationIssue } from '@herald/errors';

/** The specification's limit: more than this late without dispatch, a scheduled event expires. */
export const EXPIRY_MS = 3600 * 1000;

export function expiryReason(scheduledFor: Date): string {
  return `not dispatched within 1 hour of scheduled_for (${scheduledFor.toISOString()}): no scheduler was running; nothing was sent`;
}

/** The rules' messages, which name what is missing (a template, a template's channel version). */
export function failureReason(issues: ValidationIssue[]): string {
  return `content can no longer be delivered: ${issues.map((i) => i.msg).join('; ')}; nothing was sent`;
}

/** Failures on its own, each on a later tick, before a row that cannot be dispatched is failed. */
export const DISPATCH_ATTEMPTS = 3;

/** The stored request broke the dispatch itself (e.g. a shape today's code no longer reads). */
export function unprocessableReason(failures: number, err: Error): string {
  return `could not be dispatched (${failures} attempts, one per tick): ${err.name}: ${err.message}; nothing was sent`;
}
