/** SQL expressions (column arithmetic) for an event's counters after the change being written. */
export interface EventCounts {
  delivered: string;
  failed: string;
  suppressed: string;
  total: string;
  /** The status while notifications are still open. */
  whileOpen: string;
}

/**
 * The one rule for an event's status, as SQL for the statements that move its counters (fan-out,
 * delivery, dead-letter replay, giving up on an event): open while any notification is unsettled,
 * then `completed` without failures, `failed` when nothing was delivered or suppressed, else
 * `partially_failed`.
 */
export function eventStatusSql(c: EventCounts): string {
  return `CASE
    WHEN ${c.delivered} + ${c.failed} + ${c.suppressed} < ${c.total} THEN ${c.whileOpen}
    WHEN ${c.failed} = 0 THEN 'completed'
    WHEN ${c.delivered} + ${c.suppressed} = 0 THEN 'failed'
    ELSE 'partially_failed' END`;
}

/**
 * `events.failure_reason` explains failures fan-out caused (giving up on an event); it goes with
 * the last failure: once `failedAfter` (the event's failed count after the change) is 0, nothing
 * it explained is left. For the statements that take failures back (a delivery recorded after
 * fan-out gave up, a dead-letter replay); `events` is aliased `e` there.
 */
export function failureReasonSql(failedAfter: string): string {
  return `CASE WHEN ${failedAfter} > 0 THEN e.failure_reason END`;
}
