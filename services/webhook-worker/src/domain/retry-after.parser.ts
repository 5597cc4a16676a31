/**
 * Parses an HTTP Retry-After value (delay-seconds or an HTTP-date) into milliseconds from `now`.
 * Returns undefined for anything else, so a garbled header falls back to plain backoff.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Date.parse is lenient ("1.5" is a date to it), so demand the letters every HTTP-date has.
  if (!/[a-z]{3}/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
