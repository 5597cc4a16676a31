import { auditUserAction } from '../audit/user-action.audit';
import { SessionRepository } from './session.repository';
import type { SessionDeps } from './session-tokens';

/** Ends this session, or every session of the user; their access tokens are refused from the next request on. */
export async function logout(
  deps: SessionDeps,
  principal: { userId: string; sessionId: string },
  all: boolean,
  requestId?: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const sessions = new SessionRepository(tx);
    const revoked = all ? await sessions.revokeAllOf(principal.userId) : await sessions.revoke(principal.sessionId);
    await auditUserAction(
      tx,
      'auth.logged_out',
      principal.userId,
      { session_id: principal.sessionId, all, sessions_revoked: revoked },
      requestId,
    );
  });
}
