import type { Queryable } from '@herald/db';

export interface IdentityRecord {
  id: string;
  provider: string;
  subject: string;
  userId: string;
  email: string;
}

interface IdentityRow {
  id: string;
  provider: string;
  subject: string;
  user_id: string;
  email: string;
}

const toRecord = (r: IdentityRow): IdentityRecord => ({
  id: r.id,
  provider: r.provider,
  subject: r.subject,
  userId: r.user_id,
  email: r.email,
});

/** Provider accounts linked to users: one user per (provider, subject), any number per user. */
export class IdentityRepository {
  constructor(private readonly db: Queryable) {}

  /** The identity, locked until the transaction ends, with the address the provider gives now. */
  async findForUpdate(provider: string, subject: string, email: string | undefined): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>(
      `UPDATE oauth_identities SET email = COALESCE($3, email), updated_at = now()
        WHERE provider = $1 AND subject = $2
       RETURNING id, provider, subject, user_id, email`,
      [provider, subject, email ?? null],
    );
    return rows[0] && toRecord(rows[0]);
  }

  /**
   * Links the identity to the user; undefined when another transaction linked it first (the
   * unique (provider, subject) index is the guard, not a read before the insert).
   */
  async link(provider: string, subject: string, userId: string, email: string): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>(
      `INSERT INTO oauth_identities (provider, subject, user_id, email) VALUES ($1, $2, $3, $4)
       ON CONFLICT (provider, subject) DO NOTHING
       RETURNING id, provider, subject, user_id, email`,
      [provider, subject, userId, email],
    );
    return rows[0] && toRecord(rows[0]);
  }

  /** The identity as linked now, read only (the connect callback writes nothing). */
  async find(provider: string, subject: string): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>(
      'SELECT id, provider, subject, user_id, email FROM oauth_identities WHERE provider = $1 AND subject = $2',
      [provider, subject],
    );
    return rows[0] && toRecord(rows[0]);
  }

  async findById(id: string): Promise<IdentityRecord | undefined> {
    const { rows } = await this.db.query<IdentityRow>('SELECT id, provider, subject, user_id, email FROM oauth_identities WHERE id = $1', [
      id,
    ]);
    return rows[0] && toRecord(rows[0]);
  }

  /** Removes every identity of this provider from the user; returns how many. */
  async unlink(userId: string, provider: string): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM oauth_identities WHERE user_id = $1 AND provider = $2', [userId, provider]);
    return rowCount ?? 0;
  }
}
