import type { ValidationIssue } from '@herald/intake';

/** The specification's limit: more than this late without dispatch, a scheduled event expires. */
export const EXPIRY_MS = 3600 * 1000;

export function expiryReason(scheduledFor: Date): string {
  return `not dispatched within 1 hour of scheduled_for (${scheduledFor.toISOString()}): no scheduler was running; nothing was sent`;
}

/** The rules' messages, which name what is missing (a template, a template's channel version). */
export function failureReason(issues: ValidationIssue[]): string {
  return `content can no longer be delivered: ${issues.map((i) => i.msg).join('; ')}; nothing was sent`;
}
