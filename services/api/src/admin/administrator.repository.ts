import type { Queryable } from '@herald/db';

/** `{id, user_id, email, permissions, created_at}` as /admin/administrators shows it. */
export interface AdministratorView {
  id: string;
  user_id: string;
  email: string;
  permissions: string[];
  created_at: Date;
}

const VIEW = `a.id, a.user_id, u.email, a.permissions, a.created_at FROM administrators a JOIN users u ON u.id = a.user_id`;

/** Administrators (one per user) and the permissions each holds. */
export class AdministratorRepository {
  constructor(private readonly db: Queryable) {}

  /** The permissions of this user; empty when they are no administrator. */
  async permissionsOf(userId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ permissions: string[] }>('SELECT permissions FROM administrators WHERE user_id = $1', [userId]);
    return rows[0]?.permissions ?? [];
  }

  async exists(userId: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM administrators WHERE user_id = $1', [userId]);
    return rows.length > 0;
  }

  async list(limit: number, offset: number): Promise<{ items: AdministratorView[]; total: number }> {
    const [count, items] = await Promise.all([
      this.db.query<{ total: string }>('SELECT count(*) AS total FROM administrators'),
      this.db.query<AdministratorView>(`SELECT ${VIEW} ORDER BY a.created_at, a.id LIMIT $1 OFFSET $2`, [limit, offset]),
    ]);
    return { items: items.rows, total: Number(count.rows[0].total) };
  }

  async get(id: string, lock = false): Promise<AdministratorView | undefined> {
    const { rows } = await this.db.query<AdministratorView>(`SELECT ${VIEW} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`, [id]);
    return rows[0];
  }

  /** Makes the user an administrator with exactly these permissions (replacing what they held). */
  async put(userId: string, permissions: string[]): Promise<AdministratorView> {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO administrators (user_id, permissions) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET permissions = EXCLUDED.permissions RETURNING id`,
      [userId, permissions],
    );
    return (await this.get(rows[0].id)) as AdministratorView;
  }

  async setPermissions(id: string, permissions: string[]): Promise<void> {
    await this.db.query('UPDATE administrators SET permissions = $2 WHERE id = $1', [id, permissions]);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('DELETE FROM administrators WHERE id = $1', [id]);
  }

  /**
   * Locks every holder of the permission, so two concurrent removals of the last two holders
   * cannot both see the other one still there; returns their ids.
   */
  async lockHoldersOf(permission: string): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>('SELECT id FROM administrators WHERE $1 = ANY(permissions) FOR UPDATE', [
      permission,
    ]);
    return rows.map((r) => r.id);
  }
}
