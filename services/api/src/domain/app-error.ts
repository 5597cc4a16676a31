/** The domain error vocabulary lives in @herald/intake, shared with the scheduler; http/error-handler.ts maps its codes. */
export { AppError, ValidationFailed, type ErrorCode, type ValidationIssue } from '@herald/intake';
