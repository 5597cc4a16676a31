import type { Database, Queryable } from '@herald/db';
import { AppError } from '@herald/errors';
import type { Page, PageRequest } from '../shared/paging';
import type { RepositoryFactory } from '../shared/repositories';
import { auditOrganization, type MemberActor } from './organization-actor';
import type { MemberView } from './membership.repository';
import type { OrganizationsRepositories } from './organizations.repositories';
import { roleAtLeast, type Role } from './roles';

const LAST_OWNER = 'an organization keeps at least one owner: make another member owner first';

/**
 * An invitation speaks with its inviter's authority: once the inviter is gone or below `admin`,
 * their pending invitations are revoked with the change that ended that authority.
 */
async function revokeInvitationsOf(
  tx: Queryable,
  repos: OrganizationsRepositories,
  actor: MemberActor,
  inviterId: string,
  reason: string,
): Promise<void> {
  const revoked = await repos.invitations.revokePendingBy(actor.organizationId, inviterId);
  for (const id of revoked) {
    await auditOrganization(tx, actor, 'invitation.revoked', { target_id: id, was: 'pending', reason, invited_by: inviterId });
  }
}

/**
 * Members and their roles. Admins manage members; only an owner grants or takes away `owner`;
 * anyone may leave; the last owner may neither leave nor be demoted or removed. A member who
 * leaves, is removed or falls below `admin` loses their pending invitations. Each change locks
 * the organization row, so two concurrent changes cannot both remove "the other" owner.
 */
export class MembersService {
  private readonly repos: OrganizationsRepositories;

  constructor(
    private readonly db: Database,
    private readonly repositories: RepositoryFactory<OrganizationsRepositories>,
  ) {
    this.repos = repositories(db);
  }

  list(organizationId: string, page: PageRequest): Promise<Page<MemberView>> {
    return this.repos.memberships.list(organizationId, page);
  }

  changeRole(actor: MemberActor, userId: string, role: Role): Promise<MemberView> {
    return this.db.transaction(async (tx) => {
      const repos = this.repositories(tx);
      const members = repos.memberships;
      const target = await this.lockedTarget(repos, actor, userId);
      if ((target.role === 'owner' || role === 'owner') && actor.role !== 'owner' && target.role !== role) {
        throw new AppError('forbidden', 'only an owner may grant or revoke the owner role');
      }
      if (target.role === 'owner' && role !== 'owner' && (await members.countOwners(actor.organizationId)) === 1) {
        throw new AppError('conflict', LAST_OWNER);
      }
      await members.setRole(actor.organizationId, userId, role);
      await auditOrganization(tx, actor, 'member.role_changed', { target_id: userId, user_id: userId, from: target.role, to: role });
      if (roleAtLeast(target.role, 'admin') && !roleAtLeast(role, 'admin'))
        await revokeInvitationsOf(tx, repos, actor, userId, 'inviter_demoted');
      return { ...target, role };
    });
  }

  remove(actor: MemberActor, userId: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      const repos = this.repositories(tx);
      const members = repos.memberships;
      const self = userId === actor.userId;
      // The role gate already let through only admins and the member themself (x-required-role-self).
      if (!self && !roleAtLeast(actor.role, 'admin')) throw new AppError('forbidden', 'removing another member needs the admin role');
      const target = await this.lockedTarget(repos, actor, userId);
      if (target.role === 'owner' && !self && actor.role !== 'owner') throw new AppError('forbidden', 'only an owner may remove an owner');
      if (target.role === 'owner' && (await members.countOwners(actor.organizationId)) === 1) throw new AppError('conflict', LAST_OWNER);
      await members.remove(actor.organizationId, userId);
      await auditOrganization(tx, actor, 'member.removed', { target_id: userId, user_id: userId, role: target.role, self });
      await revokeInvitationsOf(tx, repos, actor, userId, self ? 'inviter_left' : 'inviter_removed');
    });
  }

  private async lockedTarget(repos: OrganizationsRepositories, actor: MemberActor, userId: string): Promise<MemberView> {
    if (!(await repos.organizations.lock(actor.organizationId))) throw new AppError('not_found', 'organization not found');
    const target = await repos.memberships.find(actor.organizationId, userId);
    if (!target) throw new AppError('not_found', 'no such member in this organization');
    return target;
  }
}
