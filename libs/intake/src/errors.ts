/** Domain errors carry a code, never an HTTP status; each transport maps codes (the api: http/error-handler.ts). */
export type ErrorCode = 'not_found' | 'conflict' | 'validation_failed';

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
