import { timingSafeEqual } from 'node:crypto';
import { heraldSignature, standardWebhooksMac } from './sign';

export * from './sign';

/** Headers as Node's IncomingMessage, fetch's Headers (via Object.fromEntries) or any framework gives them. */
export type HeaderBag = Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far `webhook-timestamp` may be from now, in seconds, either way (replay window). Default 300. */
  toleranceSeconds?: number;
  /** The clock, for tests. */
  now?: () => Date;
}

export type Verification =
  { ok: true; scheme: 'standard-webhooks' | 'herald'; id?: string; timestamp?: Date } | { ok: false; reason: string };

function header(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function equal(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `webhook-id`, `webhook-timestamp`, `webhook-signature` (`v1,<base64>` entries separated by
 * spaces; during a secret rotation Herald sends one per secret, and any match verifies).
 */
export function verifyStandardWebhook(
  secret: string,
  body: string | Uint8Array,
  headers: HeaderBag,
  options: VerifyOptions = {},
): Verification {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'webhook-timestamp is not a Unix time in seconds' };
  const sent = Number(timestamp);
  const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(now - sent) > tolerance) return { ok: false, reason: `webhook-timestamp is more than ${tolerance} s from now` };
  const mac = standardWebhooksMac(secret, id, timestamp, body);
  const matches = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .some((entry) => equal(Buffer.from(entry.slice(3), 'base64'), mac));
  return matches
    ? { ok: true, scheme: 'standard-webhooks', id, timestamp: new Date(sent * 1000) }
    : { ok: false, reason: 'no signature matches' };
}

/**
 * `X-Herald-Signature-256: sha256=<hex HMAC-SHA256(secret, raw body)>` (and `-Next`, sent
 * during a rotation). It carries no timestamp: prefer the Standard Webhooks headers, which do.
 */
export function verifyHeraldSignature(secret: string, body: string | Uint8Array, headers: HeaderBag): Verification {
  const expected = Buffer.from(heraldSignature(secret, body));
  for (const name of ['x-herald-signature-256', 'x-herald-signature-256-next']) {
    const given = header(headers, name);
    if (given && equal(Buffer.from(given), expected)) return { ok: true, scheme: 'herald' };
  }
  return { ok: false, reason: 'no X-Herald-Signature-256 matches' };
}

/**
 * Verifies a delivery with the project's signing secret, as returned by Herald: the Standard
 * Webhooks headers when present (they bind a timestamp, so an old request cannot be replayed),
 * else X-Herald-Signature-256. Pass the raw body exactly as received, before any JSON parsing.
 */
export function verifyWebhook(secret: string, body: string | Uint8Array, headers: HeaderBag, options: VerifyOptions = {}): Verification {
  if (header(headers, 'webhook-signature') !== undefined) return verifyStandardWebhook(secret, body, headers, options);
  return verifyHeraldSignature(secret, body, headers);
}
