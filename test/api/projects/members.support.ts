import { randomUUID } from 'node:crypto';
import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import { UserRepository } from '../../../services/api/src/auth/user.repository';
import type { Role } from '../../../services/api/src/organizations/roles';
import { aSession } from '../auth/sign-in.support';

export interface SignedIn {
  userId: string;
  token: string;
}

/** An organization with a signed-in owner (its bootstrap project and key included). */
export async function anOrganization(db: Database, config: Config) {
  const owner = await aSession(db, config, `owner-${randomUUID().slice(0, 8)}@example.com`);
  return { ...owner, member: (role: Role) => aMember(db, config, owner.organization_id, role) };
}

/** A signed-in user holding `role` in the organization (and owner of a bootstrap organization of their own). */
export async function aMember(db: Database, config: Config, organizationId: string, role: Role): Promise<SignedIn> {
  const session = await aSession(db, config, `${role}-${randomUUID().slice(0, 8)}@example.com`);
  await new UserRepository(db).putMembership(organizationId, session.user_id, role);
  return { userId: session.user_id, token: session.access_token };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
