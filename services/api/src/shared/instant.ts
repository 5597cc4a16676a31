import { ValidationFailed } from '@herald/errors';

/** `hh:mm:60` with optional fraction and offset: the leap second RFC 3339 allows. */
const LEAP_SECOND = /^(.+T\d\d:\d\d:)60(\.\d+)?((?:z|[+-]\d\d:?\d\d)?)$/i;

/**
 * An RFC 3339 date-time (already checked by openapi validation) as a Date. JavaScript's parser
 * refuses a leap second (`23:59:60Z`), which RFC 3339 allows and PostgreSQL reads as the next
 * second: it is read the same way here, so a query parameter means what the list endpoints (which
 * hand the text to PostgreSQL) make of it. Anything still unreadable is a 422 naming the field.
 */
export function parseInstant(value: string, loc: Array<string | number>): Date {
  let at = Date.parse(value);
  const leap = Number.isNaN(at) ? LEAP_SECOND.exec(value) : null;
  if (leap) at = Date.parse(`${leap[1]}59${leap[2] ?? ''}${leap[3]}`) + 1000;
  if (Number.isNaN(at)) {
    throw new ValidationFailed([
      { loc, msg: `${String(loc[loc.length - 1])} is not a date-time that can be read: ${value}`, type: 'value_error' },
    ]);
  }
  return new Date(at);
}
