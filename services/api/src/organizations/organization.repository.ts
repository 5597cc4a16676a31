import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';
import type { Role } from './roles';

export interface OrganizationView extends Record<string, unknown> {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

/** An organization in the list of the caller's own, with the caller's role in it. */
export interface OwnOrganization extends Record<string, unknown> {
  id: string;
  name: string;
  role: Role;
  created_at: Date;
}

const COLUMNS = 'id, name, created_at, updated_at';

/** Organizations people create; Herald's own (`is_system`) has no members, so nobody reaches it here. */
export class OrganizationRepository {
  constructor(private readonly db: Queryable) {}

  async insert(name: string): Promise<OrganizationView> {
    const { rows } = await this.db.query<OrganizationView>(`INSERT INTO organizations (name) VALUES ($1) RETURNING ${COLUMNS}`, [name]);
    return rows[0];
  }

  listOf(userId: string, page: PageRequest): Promise<Page<OwnOrganization>> {
    return pageQuery<OwnOrganization>(this.db, {
      select: 'o.id, o.name, m.role, o.created_at',
      from: 'memberships m JOIN organizations o ON o.id = m.organization_id',
      where: new Where(userId, 'm.user_id = ?'),
      orderBy: 'o.name, o.id',
      page,
    });
  }

  async get(id: string): Promise<OrganizationView | undefined> {
    const { rows } = await this.db.query<OrganizationView>(`SELECT ${COLUMNS} FROM organizations WHERE id = $1`, [id]);
    return rows[0];
  }

  async rename(id: string, name: string): Promise<OrganizationView | undefined> {
    const { rows } = await this.db.query<OrganizationView>(
      `UPDATE organizations SET name = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, name],
    );
    return rows[0];
  }

  /**
   * Locks the organization row until the transaction ends. Membership changes take it so the
   * last-owner rule holds under concurrent changes; deletion takes it so no project can be
   * added meanwhile (a project insert's foreign-key check waits for it).
   */
  async lock(id: string): Promise<OrganizationView | undefined> {
    const { rows } = await this.db.query<OrganizationView>(`SELECT ${COLUMNS} FROM organizations WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0];
  }

  /**
   * Organizations the user owns, counted with the user's row locked: concurrent creations by one
   * user queue here, so each counts the ones before it and a quota holds. (`NO KEY UPDATE`: rows
   * that merely reference the user, such as sessions, are not held up.)
   */
  async ownedCountLockingUser(userId: string): Promise<number> {
    // Two statements: the count must see what the transactions it waited for committed, and a
    // statement's snapshot is taken before it waits for the lock.
    await this.db.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM memberships WHERE user_id = $1 AND role = 'owner'`,
      [userId],
    );
    return rows[0].n;
  }

  async projectCount(id: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects WHERE organization_id = $1', [id]);
    return rows[0].n;
  }

  async ownsProject(id: string, projectId: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM projects WHERE id = $1::uuid AND organization_id = $2', [projectId, id]);
    return rows.length > 0;
  }

  /** Memberships and audit entries go with it; invitations stay until their links are scrubbed. */
  async delete(id: string): Promise<void> {
    await this.db.query('DELETE FROM organizations WHERE id = $1', [id]);
  }
}
