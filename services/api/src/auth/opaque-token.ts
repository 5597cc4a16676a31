import { randomBytes } from 'node:crypto';
import { hashRandomSecret } from '@herald/secrets';

/** Recognisable prefixes, so secret scanners and humans can tell what leaked. */
export const TOKEN_PREFIX = { access: 'hat_', refresh: 'hrt_', magicLink: 'hml_', invitation: 'hin_', systemAccount: 'hsa_' } as const;

export interface OpaqueToken {
  /** Given to the holder once, never stored. */
  plaintext: string;
  /** What the database keeps (primary key, so a lookup is one index probe). */
  hash: string;
}

/** Stored as its hash only (`@herald/secrets`' rule for random secrets). */
export function hashToken(plaintext: string): string {
  return hashRandomSecret(plaintext);
}

export function newOpaqueToken(prefix: string): OpaqueToken {
  const plaintext = prefix + randomBytes(32).toString('base64url');
  return { plaintext, hash: hashToken(plaintext) };
}
