import { randomUUID } from 'node:crypto';
import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import { generateApiKey, generateSigningSecret, SecretBox } from '@herald/secrets';
import { hashToken, newOpaqueToken, TOKEN_PREFIX } from '../../../services/api/src/auth/opaque-token';
import { DEFAULT_TOKEN_LIFETIMES, startSession } from '../../../services/api/src/auth/session-tokens';
import { UserRepository } from '../../../services/api/src/auth/user.repository';
import { InvitationRepository } from '../../../services/api/src/organizations/invitation.repository';
import { MembershipRepository } from '../../../services/api/src/organizations/membership.repository';
import { OrganizationRepository } from '../../../services/api/src/organizations/organization.repository';
import { ROLES, type Role } from '../../../services/api/src/organizations/roles';
import { TenantRepository } from '../../../services/api/src/projects/tenant.repository';

export interface SignedInUser {
  id: string;
  email: string;
  /** Access token. */
  token: string;
}

/** A new user with a session, made through the repositories (no email round trip). */
export async function aUser(db: Database, label = 'user'): Promise<SignedInUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const { user } = await new UserRepository(db).upsertByEmail(email);
  const { tokens } = await startSession(db, user, DEFAULT_TOKEN_LIFETIMES);
  return { id: user.id, email, token: tokens.access_token };
}

/** An organization with one member of each role, an outsider, and one of each resource a path can name. */
export interface OrganizationWorld {
  organizationId: string;
  members: Record<Role, SignedInUser>;
  outsider: SignedInUser;
  /** A developer who is not one of `members` (the target of member operations). */
  target: SignedInUser;
  projectId: string;
  /** The project's webhook signing secret (what its receivers verify with). */
  signingSecret: string;
  keyId: string;
  invitationId: string;
  /** Values for each path parameter an operation may name. */
  ids: Record<string, string>;
}

export async function anOrganizationWorld(db: Database, config: Config): Promise<OrganizationWorld> {
  const organization = await new OrganizationRepository(db).insert(`world-${randomUUID().slice(0, 8)}`);
  const memberships = new MembershipRepository(db);
  const members = {} as Record<Role, SignedInUser>;
  for (const role of ROLES) {
    members[role] = await aUser(db, role);
    await memberships.add(organization.id, members[role].id, role);
  }
  const target = await aUser(db, 'target');
  await memberships.add(organization.id, target.id, 'developer');
  const tenants = new TenantRepository(db);
  const signingSecret = generateSigningSecret();
  const project = await tenants.upsertProject(organization.id, 'world', new SecretBox(config.secretsKey).seal(signingSecret));
  const key = generateApiKey();
  const keyId = await tenants.insertApiKey(project.id, 'world', key.hash, key.displayPrefix, ['events:read']);
  const invitation = await new InvitationRepository(db).insert({
    organizationId: organization.id,
    email: `invited-${randomUUID().slice(0, 8)}@example.com`,
    role: 'viewer',
    tokenHash: hashToken(newOpaqueToken(TOKEN_PREFIX.invitation).plaintext),
    invitedBy: members.owner.id,
    ttlS: 3600,
    eventId: null,
  });
  return {
    organizationId: organization.id,
    members,
    outsider: await aUser(db, 'outsider'),
    target,
    projectId: project.id,
    signingSecret,
    keyId,
    invitationId: invitation.id,
    ids: {
      organization_id: organization.id,
      project_id: project.id,
      key_id: keyId,
      user_id: target.id,
      invitation_id: invitation.id,
    },
  };
}

export const bearer = (user: SignedInUser) => ({ Authorization: `Bearer ${user.token}` });
