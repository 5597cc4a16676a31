/**
 * An event's priority picks the lane its deliveries wait in: each channel has one work queue per
 * priority, and its workers consume every lane with capacity of its own, so a `high` delivery
 * never waits behind a `medium` or `low` backlog, and a `medium` one never behind `low`.
 */
export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export function isPriority(value: unknown): value is Priority {
  return typeof value === 'string' && (PRIORITIES as readonly string[]).includes(value);
}
