import { AppError } from '@herald/errors';
import { hashToken } from '../auth/opaque-token';
import type { Queryable } from '@herald/db';
import type { Principal } from '../shared/request-identity';
import { startSession, type TokenLifetimes, type TokenPair } from '../auth/session-tokens';
import { auditUserAction } from '../audit/user-action.audit';
import type { OAuthDeps } from './oauth-deps';
import type { ConnectCode, LoginCode } from './oauth-flow.repository';
import type { OAuthRepositories } from './oauth.repositories';
import { connectIdentity } from './link-identity';

export type RedeemAnswer = (TokenPair & { created: boolean }) | { identity: { provider: string; email: string } };

const REFUSED = 'the code is unknown, expired or already used';

/**
 * Exchanges the one-time code from the redirect: a login code starts a session (TokenPair, plus
 * whether the user was created by this sign-in); a connect code links the identity the provider
 * verified to the user who started the flow, and only when that user's bearer comes with it
 * (none: 401, another user's: 403, nothing linked). Spent by the first call, whatever its
 * outcome: a refusal is thrown only after the spending is committed.
 */
export async function redeemCode(
  deps: Pick<OAuthDeps, 'db' | 'repositories' | 'lifetimes'>,
  code: string,
  principal?: Principal,
  requestId?: string,
): Promise<RedeemAnswer> {
  const outcome = await deps.db.transaction(async (tx): Promise<RedeemAnswer | AppError> => {
    const repos = deps.repositories(tx);
    const redeemed = await repos.flows.redeem(hashToken(code));
    if (!redeemed) return new AppError('unauthenticated', REFUSED);
    if (redeemed.intent === 'connect') return connect(tx, repos, redeemed, principal, requestId);
    return signIn(tx, repos, redeemed, deps.lifetimes, requestId);
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

async function connect(
  tx: Queryable,
  repos: OAuthRepositories,
  code: ConnectCode,
  principal: Principal | undefined,
  requestId?: string,
): Promise<RedeemAnswer | AppError> {
  if (!principal)
    return new AppError('unauthenticated', 'a connect code is redeemed with the bearer token of the user who started the connection');
  if (principal.userId !== code.userId) return new AppError('forbidden', 'this connect code was started by another user');
  const linked = await connectIdentity(tx, repos, code.userId, code.identity, requestId);
  if ('error' in linked) return new AppError('conflict', linked.description);
  return { identity: { provider: linked.provider, email: linked.email } };
}

async function signIn(
  tx: Queryable,
  repos: OAuthRepositories,
  code: LoginCode,
  lifetimes: TokenLifetimes,
  requestId?: string,
): Promise<RedeemAnswer | AppError> {
  const identity = await repos.identities.findById(code.identityId);
  if (!identity) return new AppError('unauthenticated', REFUSED);
  const user = await repos.users.findById(code.userId);
  if (!user) return new AppError('unauthenticated', REFUSED);
  const { sessionId, tokens } = await startSession(tx, user, lifetimes);
  await auditUserAction(
    tx,
    'auth.signed_in',
    user.id,
    { method: 'oauth', provider: identity.provider, identity_id: identity.id, session_id: sessionId, user_created: code.userCreated },
    requestId,
  );
  return { ...tokens, created: code.userCreated };
}
