import type { Queryable } from '@herald/db';
import type { IdentityRecord, IdentityRepository } from './identity.repository';
import type { OAuthRepositories } from './oauth.repositories';
import { auditUserAction } from '../audit/user-action.audit';
import type { LoginCode, VerifiedIdentity } from './oauth-flow.repository';
import type { ExternalIdentity } from './oauth-provider';

export type LinkRefusal = { error: 'unverified_email' | 'identity_in_use'; description: string };

const UNVERIFIED: LinkRefusal = {
  error: 'unverified_email',
  description: 'the provider did not give a verified email address for this account',
};
export const IN_USE: LinkRefusal = { error: 'identity_in_use', description: 'this account is already connected to another Herald user' };

/**
 * Login, inside the callback's transaction: an identity already linked signs in its user; a new
 * one needs an email the provider marks verified, and signs in the user with that address
 * (created when there is none), linked to it.
 */
export async function signInIdentity(
  tx: Queryable,
  repos: OAuthRepositories,
  provider: string,
  external: ExternalIdentity,
): Promise<LoginCode | LinkRefusal> {
  const { identities } = repos;
  const existing = await identities.findForUpdate(provider, external.subject, external.email);
  if (existing) return { intent: 'login', userId: existing.userId, identityId: existing.id, userCreated: false };
  if (!external.email || !external.emailVerified) return UNVERIFIED;
  const { user, created } = await repos.users.upsertByEmail(external.email);
  const linked = await linkOnce(identities, provider, external.subject, external.email, user.id);
  if (linked.userId !== user.id) return IN_USE;
  await auditUserAction(tx, 'oauth.identity_connected', user.id, {
    provider,
    identity_id: linked.id,
    intent: 'login',
    user_created: created,
  });
  return { intent: 'login', userId: user.id, identityId: linked.id, userCreated: created };
}

/**
 * Connect, at the callback: only what the provider verified is kept, to be linked when the code
 * is redeemed by the user who started the flow (connectIdentity). Nothing is written here: the
 * browser that came back may not be that user's. Refusals known now are answered now.
 */
export async function verifiedForConnect(
  repos: OAuthRepositories,
  provider: string,
  userId: string,
  external: ExternalIdentity,
): Promise<VerifiedIdentity | LinkRefusal> {
  const existing = await repos.identities.find(provider, external.subject);
  if (existing) return existing.userId === userId ? { provider, subject: existing.subject, email: existing.email } : IN_USE;
  if (!external.email || !external.emailVerified) return UNVERIFIED;
  return { provider, subject: external.subject, email: external.email };
}

/** Connect, at redemption by the user who started it: links the verified identity to them, never moving one linked to someone else. */
export async function connectIdentity(
  tx: Queryable,
  repos: OAuthRepositories,
  userId: string,
  verified: VerifiedIdentity,
  requestId?: string,
): Promise<IdentityRecord | LinkRefusal> {
  const { identities } = repos;
  const existing = await identities.findForUpdate(verified.provider, verified.subject, verified.email);
  if (existing) return existing.userId === userId ? existing : IN_USE;
  const linked = await linkOnce(identities, verified.provider, verified.subject, verified.email, userId);
  if (linked.userId !== userId) return IN_USE;
  await auditUserAction(
    tx,
    'oauth.identity_connected',
    userId,
    { provider: verified.provider, identity_id: linked.id, intent: 'connect', user_created: false },
    requestId,
  );
  return linked;
}

/** A concurrent callback or redemption for the same account may link it first: then that link is the answer. */
async function linkOnce(
  identities: IdentityRepository,
  provider: string,
  subject: string,
  email: string,
  userId: string,
): Promise<IdentityRecord> {
  const linked = await identities.link(provider, subject, userId, email);
  if (linked) return linked;
  const winner = await identities.findForUpdate(provider, subject, undefined);
  if (!winner) throw new Error(`identity ${provider}/${subject} vanished while being linked`);
  return winner;
}
