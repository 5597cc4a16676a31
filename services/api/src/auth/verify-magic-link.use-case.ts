import { AppError } from '@herald/errors';
import { auditUserAction } from '../audit/user-action.audit';
import { hashToken } from './opaque-token';
import { startSession, type SessionDeps, type TokenPair } from './session-tokens';

/** Uses a magic-link token once: the address's user (created on first sign-in) gets a new session. */
export async function verifyMagicLink(deps: SessionDeps, token: string, requestId?: string): Promise<TokenPair> {
  return deps.db.transaction(async (tx) => {
    const repos = deps.repositories(tx);
    const email = await repos.magicLinks.consume(hashToken(token));
    if (!email) throw new AppError('unauthenticated', 'the sign-in link is unknown, expired or already used');
    const { user, created } = await repos.users.upsertByEmail(email);
    const { sessionId, tokens } = await startSession(tx, user, deps.lifetimes);
    await auditUserAction(tx, 'auth.signed_in', user.id, { method: 'magic_link', session_id: sessionId, user_created: created }, requestId);
    return tokens;
  });
}
