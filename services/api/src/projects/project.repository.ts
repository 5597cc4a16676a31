import { PgError, hasPgCode, type Queryable } from '@herald/db';
import { AppError } from '@herald/errors';

/** A project as the control plane shows it: never a signing secret. */
export interface ProjectView {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

const VIEW = 'id, organization_id, name, description, created_at, updated_at';

function nameTaken(err: unknown): never {
  if (hasPgCode(err, PgError.uniqueViolation))
    throw new AppError('conflict', 'a project with this name already exists in the organization');
  if (hasPgCode(err, PgError.foreignKeyViolation)) throw new AppError('not_found', 'organization not found');
  throw err;
}

/** Projects of an organization; the (organization_id, name) unique index is the guard on names. */
export class ProjectRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The organization's projects, counted with its row locked, so that concurrent creations queue
   * and a quota holds; undefined when the organization is gone.
   */
  async countLockingOrganization(organizationId: string): Promise<number | undefined> {
    // Two statements: the count must see what the transactions it waited for committed, and a
    // statement's snapshot is taken before it waits for the lock.
    const locked = await this.db.query('SELECT 1 FROM organizations WHERE id = $1 FOR NO KEY UPDATE', [organizationId]);
    if (locked.rows.length === 0) return undefined;
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects WHERE organization_id = $1', [
      organizationId,
    ]);
    return rows[0].n;
  }

  async insert(organizationId: string, name: string, description: string | null, sealedSecret: string): Promise<ProjectView> {
    const { rows } = await this.db
      .query<ProjectView>(
        `INSERT INTO projects (organization_id, name, description, signing_secret_sealed) VALUES ($1, $2, $3, $4) RETURNING ${VIEW}`,
        [organizationId, name, description, sealedSecret],
      )
      .catch(nameTaken);
    return rows[0];
  }

  async list(organizationId: string, page: { limit: number; offset: number }): Promise<{ items: ProjectView[]; total: number }> {
    const [count, items] = await Promise.all([
      this.db.query<{ total: string }>('SELECT count(*) AS total FROM projects WHERE organization_id = $1', [organizationId]),
      this.db.query<ProjectView>(`SELECT ${VIEW} FROM projects WHERE organization_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3`, [
        organizationId,
        page.limit,
        page.offset,
      ]),
    ]);
    return { items: items.rows, total: Number(count.rows[0].total) };
  }

  async get(projectId: string): Promise<ProjectView | undefined> {
    const { rows } = await this.db.query<ProjectView>(`SELECT ${VIEW} FROM projects WHERE id = $1`, [projectId]);
    return rows[0];
  }

  /** `description: null` clears it; an absent field keeps its value. */
  async update(projectId: string, changes: { name?: string; description?: string | null }): Promise<ProjectView | undefined> {
    const { rows } = await this.db
      .query<ProjectView>(
        `UPDATE projects SET name = coalesce($2, name),
                description = CASE WHEN $3 THEN $4 ELSE description END, updated_at = now()
          WHERE id = $1 RETURNING ${VIEW}`,
        [projectId, changes.name ?? null, changes.description !== undefined, changes.description ?? null],
      )
      .catch(nameTaken);
    return rows[0];
  }

  /** Everything of the project goes with it (ON DELETE CASCADE; events take their notifications and logs by trigger), its keys included. */
  async delete(projectId: string): Promise<ProjectView | undefined> {
    const { rows } = await this.db.query<ProjectView>(`DELETE FROM projects WHERE id = $1 RETURNING ${VIEW}`, [projectId]);
    return rows[0];
  }

  /**
   * The current secret becomes the previous one until the grace period ends; a previous secret
   * from an earlier rotation still in its grace period stops at once (only two sign at a time).
   */
  async rotateSecret(projectId: string, sealedSecret: string, graceSeconds: number): Promise<Date | undefined> {
    const { rows } = await this.db.query<{ previous_expires_at: Date }>(
      `UPDATE projects
          SET previous_signing_secret_sealed = signing_secret_sealed,
              previous_signing_secret_expires_at = now() + make_interval(secs => $3),
              signing_secret_sealed = $2, updated_at = now()
        WHERE id = $1 RETURNING previous_signing_secret_expires_at AS previous_expires_at`,
      [projectId, sealedSecret, graceSeconds],
    );
    return rows[0]?.previous_expires_at;
  }
}
