import type { Queryable } from '@herald/db';
import { AuditLogRepository } from '../audit/audit-log.repository';

export type AuthAuditAction = 'auth.signed_in' | 'auth.logged_out' | 'auth.refresh_reuse_detected';

/** Sign-in events belong to no project; the actor is the user. Metadata holds ids and flags, never a token. */
export function auditAuth(
  db: Queryable,
  action: AuthAuditAction,
  userId: string,
  metadata: Record<string, unknown>,
  requestId?: string,
): Promise<void> {
  return new AuditLogRepository(db).insert({ projectId: null, actorApiKeyId: null, actorUserId: userId, action, metadata, requestId });
}
