import type { Database } from '@herald/db';
import type { Role } from './roles';

export interface Membership {
  organizationId: string;
  role: Role;
}

/** The caller's role in the organization that owns an organization or a project id, if any. */
export class MembershipRepository {
  constructor(private readonly db: Database) {}

  async inOrganization(userId: string, organizationId: string): Promise<Membership | undefined> {
    const { rows } = await this.db.query<{ role: Role }>(
      'SELECT role FROM memberships WHERE organization_id = $1::uuid AND user_id = $2::uuid',
      [organizationId, userId],
    );
    return rows[0] && { organizationId, role: rows[0].role };
  }

  async forProject(userId: string, projectId: string): Promise<Membership | undefined> {
    const { rows } = await this.db.query<{ organization_id: string; role: Role }>(
      `SELECT m.organization_id, m.role FROM projects p
         JOIN memberships m ON m.organization_id = p.organization_id AND m.user_id = $2::uuid
        WHERE p.id = $1::uuid`,
      [projectId, userId],
    );
    return rows[0] && { organizationId: rows[0].organization_id, role: rows[0].role };
  }
}
