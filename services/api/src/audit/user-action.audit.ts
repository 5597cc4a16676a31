import type { Queryable } from '@herald/db';
import { auditRepositories } from './audit.repositories';

/** Sign-in and account actions: users act here, not API keys. */
export type UserAuditAction =
  'auth.signed_in' | 'auth.logged_out' | 'auth.refresh_reuse_detected' | 'oauth.identity_connected' | 'oauth.identity_disconnected';

/** Written with no project (these belong to a person); metadata holds ids and flags, never a token or code. */
export function auditUserAction(
  db: Queryable,
  action: UserAuditAction,
  userId: string,
  metadata: Record<string, unknown>,
  requestId?: string,
): Promise<void> {
  return auditRepositories(db).auditLog.insert({ projectId: null, actorApiKeyId: null, actorUserId: userId, action, metadata, requestId });
}
