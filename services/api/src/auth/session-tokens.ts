import type { Config } from '@herald/config';
import type { Database, Queryable } from '@herald/db';
import { newOpaqueToken, TOKEN_PREFIX } from './opaque-token';
import { authRepositories, type AuthRepositories } from './auth.repositories';
import type { UserRecord } from './user.repository';
import type { RepositoryFactory } from '../shared/repositories';

export interface TokenLifetimes {
  accessTtlS: number;
  refreshTtlS: number;
  /** No token of a session outlives its sign-in by more than this, whatever the refreshes. */
  sessionMaxAgeS: number;
}

/** ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S and SESSION_MAX_AGE_S defaults, for callers without a Config (tests' project builder). */
export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = { accessTtlS: 900, refreshTtlS: 2_592_000, sessionMaxAgeS: 2_592_000 };

/** The one place the lifetimes are read from the environment. */
export function tokenLifetimesOf(config: Config): TokenLifetimes {
  return { accessTtlS: config.ACCESS_TOKEN_TTL_S, refreshTtlS: config.REFRESH_TOKEN_TTL_S, sessionMaxAgeS: config.SESSION_MAX_AGE_S };
}

/** What every sign-in answers. */
/** What the sign-in use cases (verify a magic link, refresh, logout) act through. */
export interface SessionDeps {
  db: Database;
  repositories: RepositoryFactory<AuthRepositories>;
  lifetimes: TokenLifetimes;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_expires_in: number;
  user: { id: string; email: string; name: string | null };
}

/**
 * Stores the hashes of a new access and refresh token for the session and returns the plaintexts
 * once. Both expire at the latest when the session reaches its maximum age.
 */
export async function issueTokens(db: Queryable, sessionId: string, user: UserRecord, lifetimes: TokenLifetimes): Promise<TokenPair> {
  const access = newOpaqueToken(TOKEN_PREFIX.access);
  const refresh = newOpaqueToken(TOKEN_PREFIX.refresh);
  const lives = await authRepositories(db).sessions.addTokens(
    sessionId,
    { hash: access.hash, ttlS: lifetimes.accessTtlS },
    { hash: refresh.hash, ttlS: lifetimes.refreshTtlS },
    lifetimes.sessionMaxAgeS,
  );
  return {
    access_token: access.plaintext,
    refresh_token: refresh.plaintext,
    token_type: 'Bearer',
    expires_in: lives.accessS,
    refresh_expires_in: lives.refreshS,
    user: { id: user.id, email: user.email, name: user.name },
  };
}

/** A new session for the user, with its first token pair. */
export async function startSession(
  db: Queryable,
  user: UserRecord,
  lifetimes: TokenLifetimes,
): Promise<{ sessionId: string; tokens: TokenPair }> {
  const sessionId = await authRepositories(db).sessions.create(user.id);
  return { sessionId, tokens: await issueTokens(db, sessionId, user, lifetimes) };
}
