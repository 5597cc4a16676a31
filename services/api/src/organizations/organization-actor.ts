import type { Queryable } from '@herald/db';
import type { Request } from 'express';
import { principalOf } from '../http/caller';
import { auditChange } from '../audit/change.audit';
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

/** An organization-level change (no project): see auditChange. */
export function auditOrganization(
  db: Queryable,
  actor: { userId: string; organizationId: string | null; requestId?: string },
  action: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  return auditChange(db, actor, action, null, metadata);
}
