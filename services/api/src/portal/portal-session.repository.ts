import type { Queryable } from '@herald/db';

/** A live portal session, as the gate needs it: the project and the one consumer it reaches. */
export interface PortalSessionRow {
  sessionId: string;
  projectId: string;
  consumerUid: string;
}

export interface SpentCode {
  projectId: string;
  consumerId: string;
  sessionTtlS: number;
}

/**
 * Portal link codes and the sessions they are exchanged for, both by the SHA-256 of their
 * plaintext (primary keys: a lookup is one index probe). A consumer's deletion takes both with it.
 */
export class PortalSessionRepository {
  constructor(private readonly db: Queryable) {}

  async insertCode(c: { hash: string; projectId: string; consumerId: string; sessionTtlS: number; expiresAt: Date }): Promise<void> {
    await this.db.query(
      `INSERT INTO portal_codes (code_hash, project_id, consumer_id, session_ttl_s, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [c.hash, c.projectId, c.consumerId, c.sessionTtlS, c.expiresAt],
    );
  }

  /** Deletes the code as it reads it: of two concurrent exchanges, one gets the row. */
  async spendCode(hash: string): Promise<SpentCode | undefined> {
    const { rows } = await this.db.query<{ project_id: string; consumer_id: string; session_ttl_s: number; live: boolean }>(
      `DELETE FROM portal_codes WHERE code_hash = $1 RETURNING project_id, consumer_id, session_ttl_s, expires_at > now() AS live`,
      [hash],
    );
    const row = rows[0];
    return row?.live ? { projectId: row.project_id, consumerId: row.consumer_id, sessionTtlS: row.session_ttl_s } : undefined;
  }

  async insertSession(s: { hash: string; projectId: string; consumerId: string; ttlS: number }): Promise<void> {
    await this.db.query(
      `INSERT INTO portal_sessions (token_hash, project_id, consumer_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [s.hash, s.projectId, s.consumerId, s.ttlS],
    );
  }

  async findSession(hash: string): Promise<PortalSessionRow | undefined> {
    const { rows } = await this.db.query<{ id: string; project_id: string; uid: string }>(
      `SELECT s.id, s.project_id, c.uid FROM portal_sessions s JOIN consumers c ON c.id = s.consumer_id
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hash],
    );
    const row = rows[0];
    return row && { sessionId: row.id, projectId: row.project_id, consumerUid: row.uid };
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.query('DELETE FROM portal_sessions WHERE id = $1', [sessionId]);
  }

  /**
   * Drops codes and sessions that can no longer be used (expired ones are refused already), at
   * most `limit` of each per call, so links never exchanged and sessions never ended do not pile up.
   */
  async purgeExpired(limit = 1000): Promise<number> {
    let purged = 0;
    for (const [table, key] of [
      ['portal_codes', 'code_hash'],
      ['portal_sessions', 'token_hash'],
    ] as const) {
      const { rowCount } = await this.db.query(
        `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE expires_at < now() LIMIT $1)`,
        [limit],
      );
      purged += rowCount ?? 0;
    }
    return purged;
  }

  /** What the exchange answers besides the token: who the session is for. */
  async parties(consumerId: string): Promise<{ uid: string; name: string; project_id: string; project_name: string } | undefined> {
    const { rows } = await this.db.query<{ uid: string; name: string; project_id: string; project_name: string }>(
      `SELECT c.uid, c.name, p.id AS project_id, p.name AS project_name FROM consumers c JOIN projects p ON p.id = c.project_id WHERE c.id = $1`,
      [consumerId],
    );
    return rows[0];
  }
}
