import type { Queryable } from '@herald/db';

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  created_at: Date;
}

export interface UserOrganization {
  id: string;
  name: string;
  role: string;
}

const USER_COLUMNS = 'id, email, name, created_at';

/** Users (one per lower(email)) and their memberships. */
export class UserRepository {
  constructor(private readonly db: Queryable) {}

  /** The user with this address, created when there is none; `created` tells which. */
  async upsertByEmail(email: string): Promise<{ user: UserRecord; created: boolean }> {
    const { rows } = await this.db.query<UserRecord & { created: boolean }>(
      `INSERT INTO users (email) VALUES ($1)
       ON CONFLICT ((lower(email))) DO UPDATE SET email = users.email
       RETURNING ${USER_COLUMNS}, (xmax = 0) AS created`,
      [email.toLowerCase()],
    );
    const { created, ...user } = rows[0];
    return { user, created };
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    const { rows } = await this.db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0];
  }

  async rename(id: string, name: string): Promise<UserRecord | undefined> {
    const { rows } = await this.db.query<UserRecord>(
      `UPDATE users SET name = $2, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [id, name],
    );
    return rows[0];
  }

  async organizationsOf(userId: string): Promise<UserOrganization[]> {
    const { rows } = await this.db.query<UserOrganization>(
      `SELECT o.id, o.name, m.role FROM memberships m JOIN organizations o ON o.id = m.organization_id
        WHERE m.user_id = $1 ORDER BY o.name, o.id`,
      [userId],
    );
    return rows;
  }

  /** The user's connected OAuth identities (oauth/ area), for /auth/me. */
  async identitiesOf(userId: string): Promise<Array<{ provider: string; email: string }>> {
    const { rows } = await this.db.query<{ provider: string; email: string }>(
      'SELECT provider, email FROM oauth_identities WHERE user_id = $1 ORDER BY provider, created_at',
      [userId],
    );
    return rows;
  }

  /** The user's platform administration permissions (admin/ area), for /auth/me; none when no administrator. */
  async adminPermissionsOf(userId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ permissions: string[] }>('SELECT permissions FROM administrators WHERE user_id = $1', [userId]);
    return rows[0]?.permissions ?? [];
  }

  /** Makes the user a member with this role (the role is set again when already a member). */
  async putMembership(organizationId: string, userId: string, role: string): Promise<void> {
    await this.db.query(
      `INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
      [organizationId, userId, role],
    );
  }
}
