/**
 * An event's priority picks the lane its deliveries wait in: each channel has one work queue per
 * priority, and its workers consume every lane with capacity of its own, so a `high` delivery
 * never waits behind a `medium` or `low` backlog, and a `medium` one never behind `low`.
 */
export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/**
 * The queues' lanes: one per priority, and `system` for Herald's own emails (sign-in links,
 * invitations). No client can pick `system`: only the api's system emails are routed there, so a
 * customer's flood of `high` mail never delays a sign-in link, and a flood of invitations never
 * delays a customer's mail. Most urgent first.
 */
export const LANES = ['system', ...PRIORITIES] as const;
export type Lane = (typeof LANES)[number];

export function isPriority(value: unknown): value is Priority {
  return typeof value === 'string' && (PRIORITIES as readonly string[]).includes(value);
}
