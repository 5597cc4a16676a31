import { UsageError } from './program';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id option or argument, refused before it reaches PostgreSQL (which would answer with a type error). */
export function uuidArgument(name: string, value: string): string {
  if (!UUID.test(value)) throw new UsageError(`${name} ${JSON.stringify(value)} is no id (a UUID)`);
  return value.toLowerCase();
}

// A calendar date, or a date and time with seconds optional and a zone required (no guessing the local one).
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

/** Date.parse rolls 2026-02-30 over into March; a day the month does not have is a typo. */
function realDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An ISO 8601 instant (a bare date is midnight UTC), as an RFC 3339 string PostgreSQL reads. */
export function instantArgument(name: string, value: string): string {
  const ms = ISO_8601.test(value) && realDate(value) ? Date.parse(value.replace(' ', 'T')) : NaN;
  if (Number.isNaN(ms)) {
    throw new UsageError(`${name} ${JSON.stringify(value)} is no ISO 8601 time (2026-11-23, or 2026-11-23T08:00:00Z with a zone)`);
  }
  return new Date(ms).toISOString();
}

/** A whole number within bounds, for numeric options. */
export function integerArgument(name: string, value: string, min: number, max: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}
