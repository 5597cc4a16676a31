import { TargetRefusedError } from '@herald/net-guard';
import { parseRetryAfter } from './retry-after.parser';
import { InvalidTargetError, type SendResult } from './webhook-sender.port';

export type WebhookVerdict =
  { kind: 'delivered' } | { kind: 'retryable'; reason: string; retryAfterMs?: number } | { kind: 'permanent'; reason: string };

/** Statuses where a receiver's Retry-After is a request we honour as a minimum delay. */
const HONOURS_RETRY_AFTER = new Set([408, 429, 503]);

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
}

/** Duck-typed: socket errors and DOMExceptions may come from another realm, where instanceof Error fails. */
function describe(err: unknown): string {
  if (typeof err !== 'object' || err === null) return String(err);
  const { name, message, code } = err as ErrorLike;
  // Our own deadline aborts with a TimeoutError; an AbortError can only come from that signal too.
  if (name === 'TimeoutError' || name === 'AbortError') return 'request timed out';
  const text = typeof message === 'string' && message ? message : String(name ?? 'unknown error');
  return typeof code === 'string' ? `${code}: ${text}` : text;
}

function classifyError(err: unknown): WebhookVerdict {
  // A blocked address or a malformed URL will not change by waiting; an unresolvable host may (DNS blips).
  if (err instanceof TargetRefusedError && err.reason === 'blocked') return { kind: 'permanent', reason: err.message };
  if (err instanceof InvalidTargetError) return { kind: 'permanent', reason: err.message };
  return { kind: 'retryable', reason: describe(err) };
}

function classifyStatus(statusCode: number, retryAfter: string | undefined, now: number): WebhookVerdict {
  if (statusCode >= 200 && statusCode < 300) return { kind: 'delivered' };
  const reason = `HTTP ${statusCode}`;
  if (statusCode >= 500 || statusCode === 408 || statusCode === 429) {
    const retryAfterMs = HONOURS_RETRY_AFTER.has(statusCode) ? parseRetryAfter(retryAfter, now) : undefined;
    return retryAfterMs === undefined ? { kind: 'retryable', reason } : { kind: 'retryable', reason, retryAfterMs };
  }
  // 1xx, 3xx (redirects are not followed) and the other 4xx: the receiver said no; asking again will not help.
  return { kind: 'permanent', reason };
}

/** Judges one attempt: delivered, worth retrying (maybe not before a given delay), or never going to work. */
export function classifyOutcome(result: SendResult, now: number = Date.now()): WebhookVerdict {
  return result.kind === 'error' ? classifyError(result.error) : classifyStatus(result.statusCode, result.retryAfter, now);
}
