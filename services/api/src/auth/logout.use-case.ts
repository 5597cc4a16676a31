import { AppError } from '@herald/errors';
import { auditUserAction } from '../audit/user-action.audit';
import { hashToken } from './opaque-token';
import type { SessionDeps } from './session-tokens';

/** Ends this session, or every session of the user; their access tokens are refused from the next request on. */
export async function logout(
  deps: SessionDeps,
  principal: { userId: string; sessionId: string },
  all: boolean,
  requestId?: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { sessions } = deps.repositories(tx);
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

/**
 * A browser that lost its access token (a reload keeps none) signs out with its refresh cookie:
 * the session that token belongs to ends, whatever the token's state, since whoever holds even a
 * spent token can already end it through reuse detection. Nothing to end is no error: the caller
 * only wants to be signed out. Ending every session needs the bearer.
 */
export async function logoutByRefreshToken(
  deps: SessionDeps,
  refreshToken: string | undefined,
  all: boolean,
  requestId?: string,
): Promise<void> {
  if (all) throw new AppError('unauthenticated', 'ending every session needs the bearer token');
  if (refreshToken === undefined) return;
  await deps.db.transaction(async (tx) => {
    const { sessions } = deps.repositories(tx);
    const state = await sessions.lockRefreshToken(hashToken(refreshToken), deps.lifetimes.sessionMaxAgeS);
    if (!state) return;
    const revoked = await sessions.revoke(state.sessionId);
    if (revoked === 0) return;
    await auditUserAction(
      tx,
      'auth.logged_out',
      state.userId,
      { session_id: state.sessionId, all: false, sessions_revoked: revoked },
      requestId,
    );
  });
}
