import type { Queryable } from '@herald/db';
import { AuditLogRepository } from '../audit/audit-log.repository';

export type OAuthAuditAction = 'auth.signed_in' | 'oauth.identity_connected' | 'oauth.identity_disconnected';

/** OAuth events belong to no project; the actor is the user. Metadata holds ids and provider names, never a code or token. */
export function auditOAuth(
  db: Queryable,
  action: OAuthAuditAction,
  userId: string,
  metadata: Record<string, unknown>,
  requestId?: string,
): Promise<void> {
  return new AuditLogRepository(db).insert({ projectId: null, actorApiKeyId: null, actorUserId: userId, action, metadata, requestId });
}
