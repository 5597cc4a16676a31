import { hash, randomBytes } from 'node:crypto';

const PREFIX = 'hk_';

export interface GeneratedApiKey {
  /** Shown once to the caller, never stored. */
  plaintext: string;
  /** Stored; unique index, so lookup is one index probe. */
  hash: string;
  /** Stored and displayable, lets a human recognise a key without its secret. */
  displayPrefix: string;
}

/**
 * Keys carry 256 bits of randomness, so a fast SHA-256 is the right hash: there is nothing to
 * brute-force, and a slow KDF would add milliseconds to every request.
 */
export function hashApiKey(plaintext: string): string {
  // One-shot: a Hash object per request cost ~2-3 us, this ~1.
  return hash('sha256', plaintext, 'hex');
}

export function generateApiKey(): GeneratedApiKey {
  const plaintext = PREFIX + randomBytes(32).toString('base64url');
  return { plaintext, hash: hashApiKey(plaintext), displayPrefix: plaintext.slice(0, 10) };
}
