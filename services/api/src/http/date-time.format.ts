const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt\s](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2})(?::?(\d{2}))?)$/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * openapi's `date-time`, held to what PostgreSQL stores: the validator's default check lets
 * through calendar days that do not exist (2024-02-30) and year 0000, which PostgreSQL refuses,
 * turning a bad query parameter into a 500. Leap second 60 is accepted as RFC 3339 allows.
 */
export function isStorableDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const [offsetHours, offsetMinutes] = [Number(m[7] ?? 0), Number(m[8] ?? 0)];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return false;
  return hour <= 23 && minute <= 59 && second <= 60 && offsetHours <= 23 && offsetMinutes <= 59;
}
