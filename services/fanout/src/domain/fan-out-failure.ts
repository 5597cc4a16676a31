/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation). */
const DATA_ERROR = /^2[23][0-9A-Z]{3}$/;

/**
 * True when fanning this event out failed because of the event itself, so trying again would
 * fail the same way: our code choked on its data (TypeError, RangeError), or PostgreSQL refused
 * it. Connection errors, timeouts and an unavailable broker are not: they are retried.
 */
export function isPoison(err: unknown): boolean {
  if (err instanceof TypeError || err instanceof RangeError || err instanceof SyntaxError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DATA_ERROR.test(code);
}

/** What the event shows as its `failure_reason`: the kind of error, not internals such as table names. */
export function poisonReason(err: unknown): string {
  const { name, code } = (err ?? {}) as { name?: unknown; code?: unknown };
  const kind = typeof code === 'string' && DATA_ERROR.test(code) ? `database refused its data, SQLSTATE ${code}` : String(name ?? 'error');
  return `fan-out could not process this event (${kind}) and will not retry it`;
}

/** Reason for an event whose message the broker dead-lettered (`x-first-death-reason`). */
export function deadLetterReason(deathReason: unknown): string {
  return deathReason === 'delivery_limit'
    ? 'fan-out failed on this event at every attempt (it crashed or could not finish) and gave up at the delivery limit'
    : `fan-out gave up on this event (dead-lettered: ${typeof deathReason === 'string' ? deathReason : 'unknown reason'})`;
}
