import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { asBuffer } from './bytes';

// Herald's webhook worker signs with these and verifyWebhook checks with them: one derivation of
// each signature, so what Herald sends and what this package accepts cannot drift apart.

const SECRET_PREFIX = 'whsec_';

/**
 * The signing key a Standard Webhooks library derives from our secret: the bytes after `whsec_`.
 * Node's base64 decoder takes both alphabets, so secrets minted before we switched to standard
 * base64 (base64url) sign with the same bytes their owners hold.
 */
export function standardWebhooksKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/**
 * A signing secret with both of its HMAC keys made once, for a signer that signs many requests with
 * the same secret (the webhook worker keeps one per opened secret). Node 24 takes ~19 us to accept
 * a Buffer or string key (its key-type checks throw and catch internally) and ~5 us to make a
 * KeyObject; a KeyObject made once is accepted at no cost.
 */
export class WebhookSigningKey {
  /** Keys `X-Herald-Signature-256`: the secret's UTF-8 bytes, as receivers hold it. */
  readonly herald: KeyObject;
  /** Keys `webhook-signature`: the bytes after `whsec_`, as Standard Webhooks libraries derive it. */
  readonly standard: KeyObject;

  constructor(secret: string) {
    this.herald = createSecretKey(Buffer.from(secret, 'utf8'));
    this.standard = createSecretKey(standardWebhooksKey(secret));
  }
}

/** A secret as its owner holds it, or its keys made once. */
export type SigningSecret = string | WebhookSigningKey;

const standardKeyOf = (secret: SigningSecret): KeyObject =>
  typeof secret === 'string' ? createSecretKey(standardWebhooksKey(secret)) : secret.standard;

/** HMAC-SHA256(key, "<id>.<timestamp>.<body>"); the timestamp as the header carries it. */
export function standardWebhooksMac(secret: SigningSecret, id: string, timestamp: string | number, body: string | Uint8Array): Buffer {
  return createHmac('sha256', standardKeyOf(secret)).update(`${id}.${timestamp}.`).update(asBuffer(body)).digest();
}

/**
 * `webhook-signature`: `v1,<base64 mac>`, one per secret, space-separated: during a secret
 * rotation receivers holding either secret verify the same request.
 */
export function standardWebhooksSignature(
  secrets: SigningSecret[],
  id: string,
  timestampSeconds: number,
  body: string | Uint8Array,
): string {
  return secrets.map((secret) => `v1,${standardWebhooksMac(secret, id, timestampSeconds, body).toString('base64')}`).join(' ');
}

/** `X-Herald-Signature-256`: `sha256=<hex HMAC-SHA256(secret, raw body)>`, what receivers recompute over the bytes they got. */
export function heraldSignature(secret: SigningSecret, body: string | Uint8Array): string {
  const key = typeof secret === 'string' ? secret : secret.herald;
  return `sha256=${createHmac('sha256', key).update(asBuffer(body)).digest('hex')}`;
}
