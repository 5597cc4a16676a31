import type { FailureVerdict } from '@herald/delivery';

/** What the twilio SDK's RestException carries, and what axios puts on a network error. */
interface TwilioErrorLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

/** Twilio refuses the recipient: invalid, unreachable, not a mobile, region not enabled, opted out. */
const UNDELIVERABLE_CODES = new Set([21211, 21214, 21217, 21408, 21610, 21612, 21614]);
/** The recipient replied STOP: Twilio blocks every message to them until they reply START. */
export const OPTED_OUT = 21610;
/** Twilio's "Too Many Requests" error code, sometimes sent with a status other than 429. */
const TOO_MANY_REQUESTS = 20429;

/**
 * Judges a failed Messages.create call: 429 and 5xx (and no answer at all: refused, reset,
 * timed out) are retried; the recipient errors above and every other 4xx fail permanently. An
 * opt-out (21610) also suppresses the number on the sms channel, reason manual.
 */
export function classifyTwilioError(err: unknown): FailureVerdict {
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as TwilioErrorLike;
  const status = typeof e.status === 'number' ? e.status : undefined;
  const code = typeof e.code === 'number' ? e.code : undefined;
  const message = typeof e.message === 'string' && e.message ? e.message : 'unknown error';
  if (status === undefined) {
    const errno = typeof e.code === 'string' ? `${e.code}: ` : '';
    return { kind: 'retryable', error: `Twilio unreachable: ${errno}${message}` };
  }
  const error = `Twilio ${code ?? 'error'} (HTTP ${status}): ${message}`;
  if (code === OPTED_OUT) return { kind: 'permanent', error, suppress: 'manual' };
  if (code !== undefined && UNDELIVERABLE_CODES.has(code)) return { kind: 'permanent', error };
  if (status === 429 || code === TOO_MANY_REQUESTS || status >= 500) return { kind: 'retryable', error };
  return { kind: 'permanent', error };
}
