import type { Queryable } from '@herald/db';

/** Organizations, projects and API keys as `herald bootstrap` and the system project create them. */
export class TenantRepository {
  constructor(private readonly db: Queryable) {}

  async upsertOrganization(name: string): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO organizations (name) VALUES ($1)
       ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
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
