import type { Queryable } from '@herald/db';
import type { Request } from 'express';
import { principalOf } from '../http/caller';
import { auditChange } from './change.audit';

/** Who acts on the platform: the signed-in user behind an /admin request, or a system account. */
export interface AdminActor {
  userId: string | null;
  systemAccountId?: string | null;
  requestId?: string;
}

export function adminActorOf(req: Request): AdminActor {
  if (req.systemAccountId) return { userId: null, systemAccountId: req.systemAccountId, requestId: req.requestId };
  return { userId: principalOf(req).userId, requestId: req.requestId };
}

/**
 * One platform audit entry for an administration action, in the action's transaction: the actor
 * user, the target in `target_id`, and the organization and project where there is one. Never a
 * key, a token or a secret.
 */
export function auditAdminAction(
  db: Queryable,
  actor: AdminActor,
  action: string,
  target: { organizationId?: string | null; projectId?: string | null },
  metadata: Record<string, unknown>,
): Promise<void> {
  return auditChange(db, { ...actor, organizationId: target.organizationId ?? null }, action, target.projectId ?? null, metadata);
}
