import { AppError } from '@herald/errors';
import { auditUserAction } from '../audit/user-action.audit';
import type { OAuthDeps } from './oauth-deps';

/** DELETE /oauth/{provider}/connection: the user's identities at that provider stop signing them in. */
export async function disconnect(
  deps: Pick<OAuthDeps, 'db' | 'repositories'>,
  userId: string,
  provider: string,
  requestId?: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const removed = await deps.repositories(tx).identities.unlink(userId, provider);
    if (removed === 0) throw new AppError('not_found', `no ${provider} account is connected`);
    await auditUserAction(tx, 'oauth.identity_disconnected', userId, { provider, identities_removed: removed }, requestId);
  });
}
