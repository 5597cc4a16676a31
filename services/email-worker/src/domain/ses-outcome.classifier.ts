import type { FailureVerdict } from '@herald/delivery';

/** What the AWS SDK v3 puts on a service exception (name, HTTP status, fault side). */
interface AwsErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

/**
 * SES v2 SendEmail errors that pass with time: throttling, a sending quota or rate reached, and
 * sending paused on the account or configuration set (an operator's temporary hold).
 */
const RETRYABLE_NAMES = new Set([
  'TooManyRequestsException',
  'LimitExceededException',
  'SendingPausedException',
  'ThrottlingException',
  'Throttling',
  'ServiceUnavailable',
  'InternalFailure',
  'RequestTimeout',
  'TimeoutError',
]);

/** Rejections that no retry changes: the message, the sender identity or the account is refused. */
const PERMANENT_NAMES = new Set([
  'MessageRejected',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'BadRequestException',
  'NotFoundException',
]);

/**
 * Judges an SES send failure: throttling, 429 and 5xx retry; the named rejections and any other
 * 4xx fail permanently. No HTTP status at all (refused, reset, timed out, no credentials yet)
 * is a failure to reach SES and is retried.
 */
export function classifySesError(err: unknown): FailureVerdict {
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as AwsErrorLike;
  const name = typeof e.name === 'string' && e.name !== 'Error' ? e.name : typeof e.code === 'string' ? e.code : 'Error';
  const message = typeof e.message === 'string' && e.message ? e.message : 'no message';
  const status = typeof e.$metadata?.httpStatusCode === 'number' ? e.$metadata.httpStatusCode : undefined;
  const error = `SES ${name}${status ? ` (HTTP ${status})` : ''}: ${message}`;
  if (RETRYABLE_NAMES.has(name)) return { kind: 'retryable', error };
  if (PERMANENT_NAMES.has(name)) return { kind: 'permanent', error };
  if (status === undefined) return { kind: 'retryable', error };
  if (status === 429 || status >= 500 || e.$fault === 'server') return { kind: 'retryable', error };
  return { kind: 'permanent', error };
}
