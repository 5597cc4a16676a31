import type { Queryable } from '@herald/db';
import { auditRepositories } from './audit.repositories';

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
  return auditRepositories(db).auditLog.insert({
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
