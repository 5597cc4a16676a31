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
 * The stored form of a 256-bit random secret (API keys, bearer and other opaque tokens). Nothing
 * to brute-force, so a fast SHA-256 is the right hash: a slow KDF would add milliseconds to
 * every request. One-shot: a Hash object per call cost ~2-3 us, this ~1.
 */
export function hashRandomSecret(plaintext: string): string {
  return hash('sha256', plaintext, 'hex');
}

export function hashApiKey(plaintext: string): string {
  return hashRandomSecret(plaintext);
}

export function generateApiKey(): GeneratedApiKey {
  const plaintext = PREFIX + randomBytes(32).toString('base64url');
  return { plaintext, hash: hashApiKey(plaintext), displayPrefix: plaintext.slice(0, 10) };
}
