import type { Queryable, Sql } from '@herald/db';
import type { Principal } from '../shared/request-identity';

export interface RefreshTokenState {
  sessionId: string;
  userId: string;
  expired: boolean;
  rotated: boolean;
  sessionRevoked: boolean;
}

/** Runs on every bearer request: prepared once per connection. */
const FIND_BY_ACCESS_TOKEN: Sql = {
  name: 'auth-find-access-token',
  text: `SELECT s.id AS session_id, s.user_id FROM access_tokens a JOIN sessions s ON s.id = a.session_id
          WHERE a.token_hash = $1 AND a.expires_at > now() AND s.revoked_at IS NULL`,
};

/** Sessions and the hashes of the tokens they issued. */
export class SessionRepository {
  constructor(private readonly db: Queryable) {}

  async create(userId: string): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>('INSERT INTO sessions (user_id) VALUES ($1) RETURNING id', [userId]);
    return rows[0].id;
  }

  /** Adds a token pair that ends with the session at the latest; returns the seconds each lives (at least 1). */
  async addTokens(
    sessionId: string,
    access: { hash: string; ttlS: number },
    refresh: { hash: string; ttlS: number },
    sessionMaxAgeS: number,
  ): Promise<{ accessS: number; refreshS: number }> {
    const { rows } = await this.db.query<{ access_s: number; refresh_s: number }>(
      `WITH s AS (
         SELECT created_at + make_interval(secs => $6) AS ends FROM sessions WHERE id = $1
       ), a AS (
         INSERT INTO access_tokens (token_hash, session_id, expires_at)
         SELECT $2, $1, LEAST(now() + make_interval(secs => $3), s.ends) FROM s RETURNING expires_at
       ), r AS (
         INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
         SELECT $4, $1, LEAST(now() + make_interval(secs => $5), s.ends) FROM s RETURNING expires_at
       )
       SELECT GREATEST(1, ceil(extract(epoch FROM a.expires_at - now())))::int AS access_s,
              GREATEST(1, ceil(extract(epoch FROM r.expires_at - now())))::int AS refresh_s
         FROM a, r`,
      [sessionId, access.hash, access.ttlS, refresh.hash, refresh.ttlS, sessionMaxAgeS],
    );
    if (!rows[0]) throw new Error(`session ${sessionId} vanished while issuing its tokens`);
    return { accessS: rows[0].access_s, refreshS: rows[0].refresh_s };
  }

  /** A refresh replaces the access token: the one it replaces must not go on working until it expires. */
  async endAccessTokens(sessionId: string): Promise<void> {
    await this.db.query('DELETE FROM access_tokens WHERE session_id = $1', [sessionId]);
  }

  /** The live session an access token belongs to, if the token is known, unexpired and its session not revoked. */
  async principalOf(accessHash: string): Promise<Principal | undefined> {
    const { rows } = await this.db.query<{ session_id: string; user_id: string }>(FIND_BY_ACCESS_TOKEN, [accessHash]);
    return rows[0] && { sessionId: rows[0].session_id, userId: rows[0].user_id };
  }

  /**
   * Locks the refresh token and its session until the transaction ends, so two uses of one token
   * are serialized. A session older than `sessionMaxAgeS` counts as expired even if its token was
   * issued under a longer maximum age.
   */
  async lockRefreshToken(refreshHash: string, sessionMaxAgeS: number): Promise<RefreshTokenState | undefined> {
    const { rows } = await this.db.query<{
      session_id: string;
      user_id: string;
      expired: boolean;
      rotated: boolean;
      session_revoked: boolean;
    }>(
      `SELECT r.session_id, s.user_id,
              r.expires_at <= now() OR s.created_at + make_interval(secs => $2) <= now() AS expired,
              r.rotated_at IS NOT NULL AS rotated,
              s.revoked_at IS NOT NULL AS session_revoked
         FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id
        WHERE r.token_hash = $1
        FOR UPDATE OF r, s`,
      [refreshHash, sessionMaxAgeS],
    );
    const r = rows[0];
    return r && { sessionId: r.session_id, userId: r.user_id, expired: r.expired, rotated: r.rotated, sessionRevoked: r.session_revoked };
  }

  async markRotated(refreshHash: string): Promise<void> {
    await this.db.query('UPDATE refresh_tokens SET rotated_at = now() WHERE token_hash = $1', [refreshHash]);
  }

  async revoke(sessionId: string): Promise<number> {
    const { rowCount } = await this.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
    return rowCount ?? 0;
  }

  async revokeAllOf(userId: string): Promise<number> {
    const { rowCount } = await this.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
    return rowCount ?? 0;
  }
}
