import type { Logger } from '@herald/logger';
import type { ErrorRequestHandler } from 'express';
import { AppError, Busy, Throttled, ValidationFailed, type ErrorCode } from '@herald/errors';
import { isDatabaseUnreachable } from '@herald/db';
import { capDiscardAfterEarlyAnswer } from './early-answer';
import { toValidationIssues } from './validation-errors';

/** Exhaustive: a new domain error code that is not mapped here fails to compile. */
const STATUS_BY_CODE: Record<ErrorCode, number> = {
  not_found: 404,
  conflict: 409,
  validation_failed: 422,
  unauthenticated: 401,
  forbidden: 403,
  payload_too_large: 413,
  throttled: 429,
  unavailable: 503,
};

/** What a 503 during a database outage asks the client to wait, in seconds. */
const RETRY_AFTER_OUTAGE_S = 2;

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

interface HttpLikeError {
  status?: number;
  message?: string;
  errors?: Array<{ path?: string; message?: string; errorCode?: string }>;
}

/** One place maps every error to the spec's bodies; unknown errors become a plain 500 and a log line. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    capDiscardAfterEarlyAnswer(req, res);
    if (err instanceof ValidationFailed) {
      res.status(422).json({ detail: err.issues });
      return;
    }
    if (err instanceof AppError) {
      if (err instanceof Throttled || err instanceof Busy) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      res.status(STATUS_BY_CODE[err.code]).json({ detail: err.message });
      return;
    }
    const e = err as HttpLikeError;
    if (e.status === 400 && Array.isArray(e.errors)) {
      res.status(422).json({ detail: toValidationIssues(e.errors, { body: req.body, query: req.query, path: req.params }) });
      return;
    }
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
      res.status(e.status).json({ detail: e.status === 404 ? 'not found' : (e.message ?? 'request rejected') });
      return;
    }
    // An outage is not a bug: the caller is told to come back (nothing is half-written: each
    // write is one statement or one transaction), and the log says what, not a stack per request.
    if (isDatabaseUnreachable(err)) {
      logger.warn('database unreachable', {
        method: req.method,
        path: req.path,
        request_id: req.requestId,
        error: (err as Error)?.message ?? String(err),
      });
      res.set('Retry-After', String(RETRY_AFTER_OUTAGE_S));
      res.status(STATUS_BY_CODE.unavailable).json({ detail: 'the database cannot be reached right now; retry later' });
      return;
    }
    logger.error('unhandled error', {
      method: req.method,
      path: req.path,
      request_id: req.requestId,
      error: (err as Error)?.stack ?? String(err),
    });
    res.status(500).json({ detail: 'internal server error' });
  };
}
