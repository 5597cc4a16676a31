import { describeError, type FailureVerdict } from '@herald/delivery';
import { TargetRefusedError } from '@herald/net-guard';

/** The attachment URL is not an http(s) URL: no attempt can ever fetch it. */
export class InvalidAttachmentUrlError extends Error {
  override readonly name = 'InvalidAttachmentUrlError';
}

/** Why one attachment could not be had for this attempt. */
export type DownloadFailure =
  | { kind: 'status'; filename: string; statusCode: number }
  | { kind: 'too-large'; filename: string; limitBytes: number }
  | { kind: 'error'; filename: string; error: unknown };

const MB = 1024 * 1024;

function describeCause(error: unknown): string {
  const e = error as { name?: unknown } | null;
  if (e && (e.name === 'TimeoutError' || e.name === 'AbortError')) return 'download timed out';
  return describeError(error);
}

/**
 * Judges a failed download: the file host's 4xx, a redirect (never followed), a private address
 * and an oversized total fail the notification permanently; the host's 5xx, a timeout and
 * network errors are retried (the file is fetched again at the next attempt).
 */
export function classifyDownloadFailure(failure: DownloadFailure): FailureVerdict {
  const what = `attachment ${JSON.stringify(failure.filename)}`;
  if (failure.kind === 'too-large') {
    return {
      kind: 'permanent',
      error: `${what}: attachments exceed ${failure.limitBytes / MB} MB in all (the email would pass 40 MB encoded)`,
    };
  }
  if (failure.kind === 'status') {
    const { statusCode } = failure;
    if (statusCode >= 500) return { kind: 'retryable', error: `${what}: the file host answered HTTP ${statusCode}` };
    if (statusCode >= 300 && statusCode < 400) {
      return { kind: 'permanent', error: `${what}: the file host answered HTTP ${statusCode} (a redirect; redirects are not followed)` };
    }
    return { kind: 'permanent', error: `${what}: the file host answered HTTP ${statusCode}` };
  }
  const { error } = failure;
  if (error instanceof InvalidAttachmentUrlError) return { kind: 'permanent', error: `${what}: ${error.message}` };
  // A private address will not become public by waiting; a name that does not resolve may (DNS blips).
  if (error instanceof TargetRefusedError && error.reason === 'blocked') return { kind: 'permanent', error: `${what}: ${error.message}` };
  return { kind: 'retryable', error: `${what}: ${describeCause(error)}` };
}
