import type { Database } from '@herald/db';
import { AppError } from '@herald/errors';
import { found } from '../shared/found';
import type { Page, PageRequest } from '../shared/paging';
import { auditOrganization, type MemberActor } from './organization-actor';
import type { RepositoryFactory } from '../shared/repositories';
import type { OrganizationView, OwnOrganization } from './organization.repository';
import type { OrganizationsRepositories } from './organizations.repositories';

/**
 * Organizations: any signed-in user may create one, up to a quota of organizations owned, and
 * becomes its owner. Every change is audited.
 */
export class OrganizationsService {
  private readonly repos: OrganizationsRepositories;

  constructor(
    private readonly db: Database,
    private readonly repositories: RepositoryFactory<OrganizationsRepositories>,
    /** MAX_ORGANIZATIONS_PER_USER: how many organizations one user may own and still create another. */
    private readonly maxOwnedPerUser: number,
  ) {
    this.repos = repositories(db);
  }

  create(userId: string, name: string, requestId?: string): Promise<OwnOrganization> {
    return this.db.transaction(async (tx) => {
      const repos = this.repositories(tx);
      const organizations = repos.organizations;
      const owned = await organizations.ownedCountLockingUser(userId);
      if (owned >= this.maxOwnedPerUser) {
        throw new AppError('conflict', `organization quota reached: a user may own at most ${this.maxOwnedPerUser} organizations`);
      }
      const organization = await organizations.insert(name.trim());
      await repos.memberships.add(organization.id, userId, 'owner');
      await auditOrganization(tx, { userId, organizationId: organization.id, requestId }, 'organization.created', {
        target_id: organization.id,
        name: organization.name,
      });
      return { id: organization.id, name: organization.name, role: 'owner', created_at: organization.created_at };
    });
  }

  listOf(userId: string, page: PageRequest): Promise<Page<OwnOrganization>> {
    return this.repos.organizations.listOf(userId, page);
  }

  async get(organizationId: string): Promise<OrganizationView> {
    return found(await this.repos.organizations.get(organizationId), 'organization');
  }

  rename(actor: MemberActor, name: string): Promise<OrganizationView> {
    return this.db.transaction(async (tx) => {
      const organization = found(await this.repositories(tx).organizations.rename(actor.organizationId, name.trim()), 'organization');
      await auditOrganization(tx, actor, 'organization.updated', { target_id: organization.id, name: organization.name });
      return organization;
    });
  }

  /**
   * Only an organization without projects goes (delete them first: each takes its data and keys
   * with it). Its memberships, invitations and audit entries go with it, so the entry for the
   * deletion belongs to no organization (the platform audit log keeps it).
   */
  delete(actor: MemberActor): Promise<void> {
    return this.db.transaction(async (tx) => {
      const organizations = this.repositories(tx).organizations;
      const organization = found(await organizations.lock(actor.organizationId), 'organization');
      const projects = await organizations.projectCount(organization.id);
      if (projects > 0) throw new AppError('conflict', `the organization still has ${projects} project(s); delete them first`);
      await organizations.delete(organization.id);
      await auditOrganization(tx, { ...actor, organizationId: null }, 'organization.deleted', {
        target_id: organization.id,
        organization_id: organization.id,
        name: organization.name,
      });
    });
  }
}
