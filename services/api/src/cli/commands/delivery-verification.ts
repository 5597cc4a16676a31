import { verifyHeraldSignature } from '@herald/webhook-verify';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';

/** What one check concluded about a delivery: signed with our secret, signed otherwise, or not signed that way at all. */
export type CheckResult = 'valid' | 'invalid' | 'missing';

export interface Verification {
  /** Both checks valid: what `herald listen` answers 2xx to. */
  verified: boolean;
  /** `X-Herald-Signature-256` (or `-Next` during a secret rotation): `sha256=<hex HMAC-SHA256(secret, raw body)>`. */
  herald: CheckResult;
  /** `webhook-id`, `webhook-timestamp`, `webhook-signature`, checked by the standardwebhooks library as a receiver would. */
  standardWebhooks: CheckResult;
  /** Why the Standard Webhooks check failed (the library's words: a bad signature, a stale timestamp). */
  reason?: string;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function heraldCheck(secret: string, body: Buffer, headers: IncomingHttpHeaders): CheckResult {
  const sent = ['x-herald-signature-256', 'x-herald-signature-256-next'].map((n) => header(headers, n)).filter((v) => v !== undefined);
  if (sent.length === 0) return 'missing';
  // The published verifier owns the rule; this command only tells missing from wrong.
  return verifyHeraldSignature(secret, body, headers).ok ? 'valid' : 'invalid';
}

/**
 * Verifies one delivery the way its receiver should, over the raw bytes received: Herald's
 * own signature and, independently, the Standard Webhooks headers through the
 * `standardwebhooks` library (so `herald listen` proves what a customer's library will accept).
 */
export function verifyDelivery(secret: string, body: Buffer, headers: IncomingHttpHeaders): Verification {
  const herald = heraldCheck(secret, body, headers);
  const standard = { 'webhook-id': header(headers, 'webhook-id'), 'webhook-timestamp': header(headers, 'webhook-timestamp') };
  const signature = header(headers, 'webhook-signature');
  let standardWebhooks: CheckResult = 'missing';
  let reason: string | undefined;
  if (signature !== undefined) {
    try {
      new Webhook(secret).verify(body, { ...standard, 'webhook-signature': signature } as Record<string, string>);
      standardWebhooks = 'valid';
    } catch (err) {
      standardWebhooks = 'invalid';
      reason = (err as Error).message;
    }
  }
  return { verified: herald === 'valid' && standardWebhooks === 'valid', herald, standardWebhooks, ...(reason ? { reason } : {}) };
}
