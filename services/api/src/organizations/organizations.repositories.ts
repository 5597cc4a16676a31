import type { Queryable } from '@herald/db';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { UserRepository } from '../auth/user.repository';
import { UsageRepository } from '../usage/usage.repository';
import { InvitationRepository } from './invitation.repository';
import { MembershipRepository } from './membership.repository';
import { OrganizationRepository } from './organization.repository';

/** Every repository organizations, members and invitations use, on the database or one transaction. */
export function organizationsRepositories(q: Queryable) {
  return {
    organizations: new OrganizationRepository(q),
    memberships: new MembershipRepository(q),
    invitations: new InvitationRepository(q),
    users: new UserRepository(q),
    auditLog: new AuditLogRepository(q),
    usage: new UsageRepository(q),
  };
}

export type OrganizationsRepositories = ReturnType<typeof organizationsRepositories>;
