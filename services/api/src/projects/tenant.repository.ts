import type { Queryable } from '@herald/db';

/** Organizations, projects and API keys as `herald bootstrap` and the system project create them. */
export class TenantRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The organization of this name that the user already belongs to (the oldest, should there be
   * several), or a new one. Names are not unique across Herald, so `herald bootstrap` reuses by
   * name only among the owner's own organizations. Runs in the caller's transaction; the
   * advisory lock keeps two bootstraps of the same user and name from making two.
   */
  async upsertOrganizationOf(userId: string, name: string): Promise<string> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended('herald.bootstrap:' || $1 || ':' || $2, 0))`, [userId, name]);
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT o.id FROM organizations o JOIN memberships m ON m.organization_id = o.id AND m.user_id = $1
        WHERE o.name = $2 AND NOT o.is_system ORDER BY o.created_at, o.id LIMIT 1`,
      [userId, name],
    );
    if (rows[0]) return rows[0].id;
    const created = await this.db.query<{ id: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING id', [name]);
    return created.rows[0].id;
  }

  /** Herald's own organization (sign-in and invitation emails), marked `is_system`: at most one exists. */
  async upsertSystemOrganization(name: string): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO organizations (name, is_system) VALUES ($1, true)
       ON CONFLICT (is_system) WHERE is_system DO UPDATE SET is_system = true RETURNING id`,
      [name],
    );
    return rows[0].id;
  }

  /** Returns the project and its sealed secret; an existing project keeps its secret. */
  async upsertProject(organizationId: string, name: string, sealedSecret: string): Promise<{ id: string; sealedSecret: string }> {
    const { rows } = await this.db.query<{ id: string; signing_secret_sealed: string }>(
      `INSERT INTO projects (organization_id, name, signing_secret_sealed) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, name) DO UPDATE SET name = EXCLUDED.name
       RETURNING id, signing_secret_sealed`,
      [organizationId, name, sealedSecret],
    );
    return { id: rows[0].id, sealedSecret: rows[0].signing_secret_sealed };
  }

  async insertApiKey(projectId: string, name: string, hash: string, displayPrefix: string, scopes: string[]): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO api_keys (project_id, name, key_hash, display_prefix, scopes) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [projectId, name, hash, displayPrefix, scopes],
    );
    return rows[0].id;
  }
}
