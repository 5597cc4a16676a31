import { AppError } from '@herald/errors';
import { auditUserAction } from '../audit/user-action.audit';
import { hashToken } from './opaque-token';
import { issueTokens, type SessionDeps, type TokenPair } from './session-tokens';

type RefreshOutcome = { kind: 'rotated'; tokens: TokenPair } | { kind: 'invalid' } | { kind: 'reused' };

/**
 * Rotates a refresh token: the presented one is spent, the access token it came with stops
 * working, and a new pair is issued in the same session (ending when the session does). A spent token presented again means two parties hold it, so the whole session is
 * revoked (every access and refresh token it issued stops working) and the reuse is audited.
 * The revocation commits even though the caller gets a 401.
 */
export async function refreshSession(deps: SessionDeps, refreshToken: string, requestId?: string): Promise<TokenPair> {
  const hash = hashToken(refreshToken);
  const outcome = await deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const { sessions, users } = deps.repositories(tx);
    const state = await sessions.lockRefreshToken(hash, deps.lifetimes.sessionMaxAgeS);
    if (!state || state.sessionRevoked || state.expired) return { kind: 'invalid' };
    if (state.rotated) {
      await sessions.revoke(state.sessionId);
      await auditUserAction(
        tx,
        'auth.refresh_reuse_detected',
        state.userId,
        { session_id: state.sessionId, session_revoked: true },
        requestId,
      );
      return { kind: 'reused' };
    }
    await sessions.markRotated(hash);
    await sessions.endAccessTokens(state.sessionId);
    const user = await users.findById(state.userId);
    if (!user) return { kind: 'invalid' };
    return { kind: 'rotated', tokens: await issueTokens(tx, state.sessionId, user, deps.lifetimes) };
  });
  if (outcome.kind === 'rotated') return outcome.tokens;
  throw new AppError(
    'unauthenticated',
    outcome.kind === 'reused'
      ? 'refresh token was already used; the session has been revoked, sign in again'
      : 'refresh token is unknown, expired or revoked',
  );
}
