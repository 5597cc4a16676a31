import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';
import type { Role } from './roles';

export interface Membership {
  organizationId: string;
  role: Role;
}

/** A member as the control plane shows one. */
export interface MemberView extends Record<string, unknown> {
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  joined_at: Date;
}

const MEMBER_COLUMNS = 'm.user_id, u.email, u.name, m.role, m.created_at AS joined_at';

/**
 * Who belongs to which organization, with which role. The role gate asks on every request (no
 * cache), so a role change or a removal holds on every api process from the next request on.
 */
export class MembershipRepository {
  constructor(private readonly db: Queryable) {}

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

  list(organizationId: string, page: PageRequest): Promise<Page<MemberView>> {
    return pageQuery<MemberView>(this.db, {
      select: MEMBER_COLUMNS,
      from: 'memberships m JOIN users u ON u.id = m.user_id',
      where: new Where(organizationId, 'm.organization_id = ?'),
      orderBy: 'm.created_at, m.user_id',
      page,
    });
  }

  async find(organizationId: string, userId: string): Promise<MemberView | undefined> {
    const { rows } = await this.db.query<MemberView>(
      `SELECT ${MEMBER_COLUMNS} FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = $1 AND m.user_id = $2::uuid`,
      [organizationId, userId],
    );
    return rows[0];
  }

  async hasMemberWithEmail(organizationId: string, email: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 AND lower(u.email) = lower($2)`,
      [organizationId, email],
    );
    return rows.length > 0;
  }

  async countOwners(organizationId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM memberships WHERE organization_id = $1 AND role = 'owner'`,
      [organizationId],
    );
    return rows[0].n;
  }

  /** Adds the member; one who already belongs keeps their role. Returns the role they hold now. */
  async add(organizationId: string, userId: string, role: Role): Promise<Role> {
    const { rows } = await this.db.query<{ role: Role }>(
      `WITH added AS (
         INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (organization_id, user_id) DO NOTHING RETURNING role
       )
       SELECT role FROM added UNION ALL SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2 LIMIT 1`,
      [organizationId, userId, role],
    );
    return rows[0].role;
  }

  async setRole(organizationId: string, userId: string, role: Role): Promise<void> {
    await this.db.query('UPDATE memberships SET role = $3 WHERE organization_id = $1 AND user_id = $2', [organizationId, userId, role]);
  }

  async remove(organizationId: string, userId: string): Promise<void> {
    await this.db.query('DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2', [organizationId, userId]);
  }
}
