import type { Queryable } from '@herald/db';
import type { Request } from 'express';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { principalOf } from '../auth/bearer.middleware';
import { membershipOf } from '../organizations/role-gate';

/** The signed-in member acting on an organization (and its projects), as the role gate found them. */
export interface Actor {
  /** Null when a system account acted (on /admin/*). */
  userId: string | null;
  systemAccountId?: string | null;
  organizationId: string;
  requestId?: string;
  /** Set when no signed-in principal acted (the operator's `herald` CLI): recorded as the entry's `via`. */
  via?: string;
}

export function actorOf(req: Request): Actor {
  return { userId: principalOf(req).userId, organizationId: membershipOf(req).organizationId, requestId: req.requestId };
}

/**
 * One audit entry for a control-plane change (organizations, members, invitations, projects, API
 * keys), written in the change's transaction. Metadata holds names, ids and settings, never a
 * key, a token or a signing secret. `projectId` is null for a
 * project that no longer exists (its entries go with it); its id is then in the metadata.
 */
export function auditChange(
  db: Queryable,
  actor: { userId: string | null; systemAccountId?: string | null; organizationId: string | null; requestId?: string; via?: string },
  action: string,
  projectId: string | null,
  metadata: Record<string, unknown>,
): Promise<void> {
  return new AuditLogRepository(db).insert({
    projectId,
    organizationId: actor.organizationId,
    actorUserId: actor.userId,
    actorSystemAccountId: actor.systemAccountId ?? null,
    actorApiKeyId: null,
    action,
    metadata: actor.via ? { ...metadata, via: actor.via } : metadata,
    requestId: actor.requestId,
  });
}
