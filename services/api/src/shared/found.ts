import { AppError } from '@herald/errors';

/** The row a read or write named, or a `not_found` naming what was looked for (e.g. "project not found"). */
export function found<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new AppError('not_found', `${what} not found`);
  return value;
}
