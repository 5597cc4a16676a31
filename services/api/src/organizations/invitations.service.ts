import type { Database } from '@herald/db';
import { AppError } from '@herald/errors';
import type { TopologyNames } from '@herald/messaging';
import { auditUserAction } from '../audit/user-action.audit';
import { hashToken, newOpaqueToken, TOKEN_PREFIX } from '../auth/opaque-token';
import { startSession, type TokenLifetimes, type TokenPair } from '../auth/session-tokens';
import { queueSystemEmail } from '../system-templates/system-email';
import type { SystemProjectRef } from '../shared/infrastructure';
import type { RepositoryFactory } from '../shared/repositories';
import type { Page, PageRequest } from '../shared/paging';
import type { InvitationStatus, InvitationView } from './invitation.repository';
import type { InvitationThrottle } from './invitation-throttle';
import { auditOrganization, type MemberActor } from './organization-actor';
import type { OrganizationsRepositories } from './organizations.repositories';
import type { Role } from './roles';

/** Invitation links work for 7 days (control-plane.md). */
export const INVITATION_TTL_S = 7 * 24 * 3600;
export const INVITATION_EVENT_TYPE = 'organization.invitation';

export interface InvitationDeps {
  db: Database;
  repositories: RepositoryFactory<OrganizationsRepositories>;
  system: SystemProjectRef;
  names: TopologyNames;
  /** APP_URL: the link is `${appUrl}/invitations/accept?token=...`. */
  appUrl: string;
  lifetimes: TokenLifetimes;
  /** Wakes the outbox relay once an invitation email has committed. */
  onCommitted: () => void;
  throttle: InvitationThrottle;
}

export type AcceptedInvitation = { organization_id: string; role: Role } & TokenPair;

/**
 * Invitations by email, sent through Herald's own email channel like sign-in links: the token
 * is shown only in the email, stored as a hash, works once within 7 days, and its link is
 * scrubbed from the stored email once it has settled or the invitation is closed.
 */
export class InvitationsService {
  private readonly repos: OrganizationsRepositories;

  constructor(private readonly deps: InvitationDeps) {
    this.repos = deps.repositories(deps.db);
  }

  async invite(actor: MemberActor, email: string, role: Role): Promise<InvitationView> {
    if (role === 'owner' && actor.role !== 'owner') throw new AppError('forbidden', 'only an owner may invite an owner');
    const address = email.trim().toLowerCase();
    const projectId = await this.deps.system.projectId();
    const token = newOpaqueToken(TOKEN_PREFIX.invitation);
    let giveBack: (() => void) | undefined;
    const sent = this.deps.db.transaction(async (tx) => {
      const repos = this.deps.repositories(tx);
      const organization = await repos.organizations.get(actor.organizationId);
      if (!organization) throw new AppError('not_found', 'organization not found');
      if (await repos.memberships.hasMemberWithEmail(actor.organizationId, address)) {
        throw new AppError('conflict', 'this address already belongs to a member of the organization');
      }
      const invitations = repos.invitations;
      await invitations.expireStale(actor.organizationId, address);
      // Taken once nothing else refuses it; an invitation that is not sent after all gives it back.
      giveBack = this.deps.throttle.take(actor.organizationId, actor.userId);
      const inviter = await repos.users.findById(actor.userId);
      const eventId = await queueSystemEmail(tx, {
        projectId,
        names: this.deps.names,
        eventType: INVITATION_EVENT_TYPE,
        to: address,
        template: 'organization.invitation',
        values: {
          link: `${this.deps.appUrl}/invitations/accept?token=${encodeURIComponent(token.plaintext)}`,
          organization: organization.name,
          inviter: inviter?.name ?? inviter?.email ?? 'A member',
          role,
          days: INVITATION_TTL_S / 86_400,
        },
        requestId: actor.requestId,
      });
      const created = await invitations.insert({
        organizationId: actor.organizationId,
        email: address,
        role,
        tokenHash: token.hash,
        invitedBy: actor.userId,
        ttlS: INVITATION_TTL_S,
        eventId,
      });
      await auditOrganization(tx, actor, 'invitation.created', { target_id: created.id, email: address, role });
      return created;
    });
    const invitation = await sent.catch((err: unknown) => {
      giveBack?.();
      throw err;
    });
    this.deps.onCommitted();
    return invitation;
  }

  list(organizationId: string, status: InvitationStatus | undefined, page: PageRequest): Promise<Page<InvitationView>> {
    return this.repos.invitations.list(organizationId, status, page);
  }

  /** Idempotent for a revoked or expired invitation; an accepted one cannot be taken back (remove the member). */
  revoke(actor: MemberActor, invitationId: string): Promise<void> {
    return this.deps.db.transaction(async (tx) => {
      const was = await this.deps.repositories(tx).invitations.revoke(actor.organizationId, invitationId);
      if (!was) throw new AppError('not_found', 'invitation not found');
      if (was === 'accepted') throw new AppError('conflict', 'the invitation was already accepted; remove the member instead');
      await auditOrganization(tx, actor, 'invitation.revoked', { target_id: invitationId, was });
    });
  }

  /**
   * Spends the token: the invited address's user (created if new) joins with the invited role
   * (a member already keeps theirs) and is signed in. A bearer sent along must be that user's.
   */
  accept(token: string, bearerUserId: string | undefined, requestId?: string): Promise<AcceptedInvitation> {
    return this.deps.db.transaction(async (tx) => {
      const repos = this.deps.repositories(tx);
      const invitations = repos.invitations;
      const held = await invitations.holdByToken(hashToken(token));
      if (!held?.usable) throw new AppError('unauthenticated', 'the invitation is unknown, expired, revoked or already used');
      const users = repos.users;
      if (bearerUserId !== undefined) {
        const signedIn = await users.findById(bearerUserId);
        if (signedIn?.email.toLowerCase() !== held.email.toLowerCase()) {
          throw new AppError('forbidden', 'this invitation is for another address than the signed-in user');
        }
      }
      const { user, created } = await users.upsertByEmail(held.email);
      const role = await repos.memberships.add(held.organizationId, user.id, held.role);
      await invitations.markAccepted(held.id, user.id);
      const { sessionId, tokens } = await startSession(tx, user, this.deps.lifetimes);
      const actor = { userId: user.id, organizationId: held.organizationId, requestId };
      await auditOrganization(tx, actor, 'invitation.accepted', { target_id: held.id, user_id: user.id, role, user_created: created });
      await auditUserAction(
        tx,
        'auth.signed_in',
        user.id,
        { method: 'invitation', session_id: sessionId, user_created: created },
        requestId,
      );
      return { organization_id: held.organizationId, role, ...tokens };
    });
  }
}
