import type { Queryable } from '@herald/db';
import { UserRepository } from '../auth/user.repository';
import { IdentityRepository, type IdentityRecord } from './identity.repository';
import { auditUserAction } from '../audit/user-action.audit';
import type { PendingAuthorization, RedeemedCode } from './oauth-flow.repository';
import type { ExternalIdentity } from './oauth-provider';

export type LinkOutcome = RedeemedCode | { error: 'unverified_email' | 'identity_in_use'; description: string };

const UNVERIFIED = {
  error: 'unverified_email',
  description: 'the provider did not give a verified email address for this account',
} as const;
const IN_USE = { error: 'identity_in_use', description: 'this account is already connected to another Herald user' } as const;

/**
 * Who the provider's account is in Herald, inside the callback's transaction:
 * - an identity already linked signs in its user (login), or is already connected (connect);
 * - a new identity needs an email the provider marks verified; at login it signs in the user
 *   with that address (created when there is none) and links to it; at connect it links to the
 *   signed-in user who asked;
 * - an identity linked to someone else is never moved (`identity_in_use`).
 */
export async function linkIdentity(
  tx: Queryable,
  provider: string,
  flow: PendingAuthorization,
  external: ExternalIdentity,
): Promise<LinkOutcome> {
  const identities = new IdentityRepository(tx);
  const existing = await identities.findForUpdate(provider, external.subject, external.email);
  if (existing) {
    if (flow.intent === 'connect' && existing.userId !== flow.userId) return IN_USE;
    return { intent: flow.intent, userId: existing.userId, identityId: existing.id, userCreated: false };
  }
  if (!external.email || !external.emailVerified) return UNVERIFIED;

  let userId = flow.userId;
  let userCreated = false;
  if (flow.intent === 'login') {
    const { user, created } = await new UserRepository(tx).upsertByEmail(external.email);
    userId = user.id;
    userCreated = created;
  }
  const linked = await linkOnce(identities, provider, external, userId!);
  if (linked.userId !== userId) return IN_USE;
  await auditUserAction(tx, 'oauth.identity_connected', userId!, {
    provider,
    identity_id: linked.id,
    intent: flow.intent,
    user_created: userCreated,
  });
  return { intent: flow.intent, userId: userId!, identityId: linked.id, userCreated };
}

/** A concurrent callback for the same account may link it first: then that link is the answer. */
async function linkOnce(
  identities: IdentityRepository,
  provider: string,
  external: ExternalIdentity,
  userId: string,
): Promise<IdentityRecord> {
  const linked = await identities.link(provider, external.subject, userId, external.email!);
  if (linked) return linked;
  const winner = await identities.findForUpdate(provider, external.subject, undefined);
  if (!winner) throw new Error(`identity ${provider}/${external.subject} vanished while being linked`);
  return winner;
}
