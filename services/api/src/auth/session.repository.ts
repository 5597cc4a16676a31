import type { Queryable, Sql } from '@herald/db';

export interface Principal {
  userId: string;
  sessionId: string;
}

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

  async addTokens(sessionId: string, access: { hash: string; ttlS: number }, refresh: { hash: string; ttlS: number }): Promise<void> {
    await this.db.query(
      `WITH a AS (
         INSERT INTO access_tokens (token_hash, session_id, expires_at) VALUES ($2, $1, now() + make_interval(secs => $3))
       )
       INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($4, $1, now() + make_interval(secs => $5))`,
      [sessionId, access.hash, access.ttlS, refresh.hash, refresh.ttlS],
    );
  }

  /** The live session an access token belongs to, if the token is known, unexpired and its session not revoked. */
  async principalOf(accessHash: string): Promise<Principal | undefined> {
    const { rows } = await this.db.query<{ session_id: string; user_id: string }>(FIND_BY_ACCESS_TOKEN, [accessHash]);
    return rows[0] && { sessionId: rows[0].session_id, userId: rows[0].user_id };
  }

  /** Locks the refresh token and its session until the transaction ends, so two uses of one token are serialized. */
  async lockRefreshToken(refreshHash: string): Promise<RefreshTokenState | undefined> {
    const { rows } = await this.db.query<{
      session_id: string;
      user_id: string;
      expired: boolean;
      rotated: boolean;
      session_revoked: boolean;
    }>(
      `SELECT r.session_id, s.user_id, r.expires_at <= now() AS expired, r.rotated_at IS NOT NULL AS rotated,
              s.revoked_at IS NOT NULL AS session_revoked
         FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id
        WHERE r.token_hash = $1
        FOR UPDATE OF r, s`,
      [refreshHash],
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
