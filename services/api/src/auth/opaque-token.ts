import { createHash, randomBytes } from 'node:crypto';

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
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

export function newOpaqueToken(prefix: string): OpaqueToken {
  const plaintext = prefix + randomBytes(32).toString('base64url');
  return { plaintext, hash: hashToken(plaintext) };
}
