import { createHmac } from 'node:crypto';

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
 * `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, one per secret, space-separated:
 * during a secret rotation receivers holding either secret verify the same request.
 */
export function standardWebhooksSignature(secrets: string[], id: string, timestampSeconds: number, body: Buffer): string {
  return secrets
    .map((secret) => {
      const mac = createHmac('sha256', standardWebhooksKey(secret));
      mac.update(`${id}.${timestampSeconds}.`);
      mac.update(body);
      return `v1,${mac.digest('base64')}`;
    })
    .join(' ');
}
