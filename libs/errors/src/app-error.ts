/** Domain errors carry a code, never an HTTP status; each transport maps codes (the api: http/error-handler.ts). */
export type ErrorCode =
  | 'not_found'
  | 'conflict'
  | 'validation_failed'
  /** No credential, or one that matches nothing. */
  | 'unauthenticated'
  /** A valid credential without the right to do this. */
  | 'forbidden'
  /** The input is larger than the operation takes. */
  | 'payload_too_large'
  /** The caller has used up its request budget for now. */
  | 'throttled'
  /** Something this depends on cannot answer now; the same request may succeed later. */
  | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ValidationIssue {
  loc: Array<string | number>;
  msg: string;
  type: 'missing' | 'value_error' | 'type_error' | 'extra_forbidden' | 'json_invalid';
}

export class ValidationFailed extends AppError {
  constructor(readonly issues: ValidationIssue[]) {
    super('validation_failed', issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
  }
}

/** A `throttled` refusal that knows when the caller may come back (each transport says so its own way). */
export class Throttled extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('throttled', message);
  }
}

/** An `unavailable` refusal that knows when the caller may try again (the process is at a capacity limit). */
export class Busy extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('unavailable', message);
  }
}
