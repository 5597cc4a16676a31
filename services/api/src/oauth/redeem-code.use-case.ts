import { AppError } from '@herald/errors';
import { hashToken } from '../auth/opaque-token';
import { startSession, type TokenPair } from '../auth/session-tokens';
import { UserRepository } from '../auth/user.repository';
import { IdentityRepository } from './identity.repository';
import { auditUserAction } from '../audit/user-action.audit';
import type { OAuthDeps } from './oauth-deps';
import { OAuthFlowRepository } from './oauth-flow.repository';

export type RedeemAnswer = (TokenPair & { created: boolean }) | { identity: { provider: string; email: string } };

const REFUSED = 'the code is unknown, expired or already used';

/**
 * Exchanges the one-time code from the redirect: a login code starts a session (TokenPair, plus
 * whether the user was created by this sign-in); a connect code answers with the identity now
 * linked. Spent by the first call, whatever its outcome.
 */
export async function redeemCode(deps: Pick<OAuthDeps, 'db' | 'lifetimes'>, code: string, requestId?: string): Promise<RedeemAnswer> {
  return deps.db.transaction(async (tx): Promise<RedeemAnswer> => {
    const redeemed = await new OAuthFlowRepository(tx).redeem(hashToken(code));
    if (!redeemed) throw new AppError('unauthenticated', REFUSED);
    const identity = await new IdentityRepository(tx).findById(redeemed.identityId);
    if (!identity) throw new AppError('unauthenticated', REFUSED);
    if (redeemed.intent === 'connect') return { identity: { provider: identity.provider, email: identity.email } };

    const user = await new UserRepository(tx).findById(redeemed.userId);
    if (!user) throw new AppError('unauthenticated', REFUSED);
    const { sessionId, tokens } = await startSession(tx, user, deps.lifetimes);
    await auditUserAction(
      tx,
      'auth.signed_in',
      user.id,
      { method: 'oauth', provider: identity.provider, identity_id: identity.id, session_id: sessionId, user_created: redeemed.userCreated },
      requestId,
    );
    return { ...tokens, created: redeemed.userCreated };
  });
}

/** DELETE /oauth/{provider}/connection: the user's identities at that provider stop signing them in. */
export async function disconnect(deps: Pick<OAuthDeps, 'db'>, userId: string, provider: string, requestId?: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const removed = await new IdentityRepository(tx).unlink(userId, provider);
    if (removed === 0) throw new AppError('not_found', `no ${provider} account is connected`);
    await auditUserAction(tx, 'oauth.identity_disconnected', userId, { provider, identities_removed: removed }, requestId);
  });
}
