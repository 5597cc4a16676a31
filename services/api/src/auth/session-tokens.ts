import type { Queryable } from '@herald/db';
import { newOpaqueToken, TOKEN_PREFIX } from './opaque-token';
import { SessionRepository } from './session.repository';
import type { UserRecord } from './user.repository';

export interface TokenLifetimes {
  accessTtlS: number;
  refreshTtlS: number;
}

/** ACCESS_TOKEN_TTL_S and REFRESH_TOKEN_TTL_S defaults, for callers without a Config (tests' project builder). */
export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = { accessTtlS: 900, refreshTtlS: 2_592_000 };

/** What every sign-in answers. */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_expires_in: number;
  user: { id: string; email: string; name: string | null };
}

/** Stores the hashes of a new access and refresh token for the session and returns the plaintexts once. */
export async function issueTokens(db: Queryable, sessionId: string, user: UserRecord, lifetimes: TokenLifetimes): Promise<TokenPair> {
  const access = newOpaqueToken(TOKEN_PREFIX.access);
  const refresh = newOpaqueToken(TOKEN_PREFIX.refresh);
  await new SessionRepository(db).addTokens(
    sessionId,
    { hash: access.hash, ttlS: lifetimes.accessTtlS },
    { hash: refresh.hash, ttlS: lifetimes.refreshTtlS },
  );
  return {
    access_token: access.plaintext,
    refresh_token: refresh.plaintext,
    token_type: 'Bearer',
    expires_in: lifetimes.accessTtlS,
    refresh_expires_in: lifetimes.refreshTtlS,
    user: { id: user.id, email: user.email, name: user.name },
  };
}

/** A new session for the user, with its first token pair. */
export async function startSession(
  db: Queryable,
  user: UserRecord,
  lifetimes: TokenLifetimes,
): Promise<{ sessionId: string; tokens: TokenPair }> {
  const sessionId = await new SessionRepository(db).create(user.id);
  return { sessionId, tokens: await issueTokens(db, sessionId, user, lifetimes) };
}
