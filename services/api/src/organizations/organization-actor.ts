import type { Queryable } from '@herald/db';
import type { Request } from 'express';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { principalOf } from '../auth/bearer.middleware';
import { membershipOf } from './role-gate';
import type { Role } from './roles';

/** The signed-in member acting on an organization, with the role the role gate found. */
export interface MemberActor {
  userId: string;
  organizationId: string;
  role: Role;
  requestId?: string;
}

export function memberActorOf(req: Request): MemberActor {
  const { organizationId, role } = membershipOf(req);
  return { userId: principalOf(req).userId, organizationId, role, requestId: req.requestId };
}

/**
 * One audit entry for a change to an organization, its members or invitations, written in the
 * change's transaction. Metadata holds ids, roles, names and addresses, never a token.
 */
export function auditOrganization(
  db: Queryable,
  actor: { userId: string; organizationId: string | null; requestId?: string },
  action: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  return new AuditLogRepository(db).insert({
    projectId: null,
    organizationId: actor.organizationId,
    actorUserId: actor.userId,
    actorApiKeyId: null,
    action,
    metadata,
    requestId: actor.requestId,
  });
}
