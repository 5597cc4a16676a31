import { hash, randomBytes } from 'node:crypto';

/** Recognisable prefixes, so secret scanners and humans can tell what leaked. */
export const TOKEN_PREFIX = { access: 'hat_', refresh: 'hrt_', magicLink: 'hml_', invitation: 'hin_', systemAccount: 'hsa_' } as const;

export interface OpaqueToken {
  /** Given to the holder once, never stored. */
  plaintext: string;
  /** What the database keeps (primary key, so a lookup is one index probe). */
  hash: string;
}

/**
 * 256 random bits: nothing to brute-force, so a fast SHA-256 is the right hash (a slow KDF would
 * only add latency to every bearer request).
 */
export function hashToken(plaintext: string): string {
  // One-shot: a Hash object per request cost ~2-3 us, this ~1.
  return hash('sha256', plaintext, 'hex');
}

export function newOpaqueToken(prefix: string): OpaqueToken {
  const plaintext = prefix + randomBytes(32).toString('base64url');
  return { plaintext, hash: hashToken(plaintext) };
}
