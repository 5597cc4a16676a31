import type { Database } from '@herald/db';
import { auditUserAction } from '../audit/user-action.audit';
import { startSession, type TokenLifetimes } from '../auth/session-tokens';
import { adminRepositories } from './admin.repositories';
import { adminPermissions, normalizePermissions } from './permissions';

export interface GrantResult {
  user_id: string;
  administrator_id: string;
  permissions: string[];
  access_token: string;
  refresh_token: string;
}

/**
 * `herald admin grant`: the operator's shell is the root of trust, so this makes the user with
 * the address (created when missing) an administrator with exactly these permissions (every one
 * when none are named) and signs them in, as bootstrap does for its owner.
 */
export function grantAdministrator(db: Database, email: string, named: string[], lifetimes: TokenLifetimes): Promise<GrantResult> {
  const permissions = normalizePermissions(named.length > 0 ? named : adminPermissions());
  return db.transaction(async (tx) => {
    const repos = adminRepositories(tx);
    const { user } = await repos.users.upsertByEmail(email);
    const admin = await repos.administrators.put(user.id, permissions);
    // No signed-in user acted: the operator's shell did, so the actor is null and `via` says so.
    await repos.auditLog.insert({
      projectId: null,
      actorApiKeyId: null,
      actorUserId: null,
      action: 'administrator.granted',
      metadata: { target_id: admin.id, user_id: user.id, permissions, via: 'cli admin grant' },
    });
    const { sessionId, tokens } = await startSession(tx, user, lifetimes);
    await auditUserAction(tx, 'auth.signed_in', user.id, { method: 'cli_admin_grant', session_id: sessionId });
    return {
      user_id: user.id,
      administrator_id: admin.id,
      permissions,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
    };
  });
}
