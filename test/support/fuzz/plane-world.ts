import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import { hashToken, newOpaqueToken, TOKEN_PREFIX } from '../../../services/api/src/auth/opaque-token';
import { SYSTEM_TEMPLATE_NAMES } from '../../../services/api/src/system-templates/built-in-templates';
import { SystemAccountRepository } from '../../../services/api/src/admin/system-account.repository';
import { ALL, anAdministrator, aSystemAccount } from '../../api/admin/admin.support';
import { anOrganizationWorld } from '../../api/organizations/organizations.support';

/** Who signs a request to the control and admin planes. */
export const PRINCIPALS = ['owner', 'developer', 'administrator', 'system'] as const;
export type Principal = (typeof PRINCIPALS)[number];

/**
 * Ids a generated request names, by stand-in: fixed UUIDs the generator draws, swapped for the
 * current world's real ids as the request is sent. A world destroyed by one request (an
 * organization deleted, a token logged out) is replaced by a fresh one, and the requests still
 * to come name its rows.
 */
const STAND_IN = {
  organization: '5eed0000-0000-4000-8000-000000000001',
  project: '5eed0000-0000-4000-8000-000000000002',
  key: '5eed0000-0000-4000-8000-000000000003',
  member: '5eed0000-0000-4000-8000-000000000004',
  invitation: '5eed0000-0000-4000-8000-000000000005',
  administrator: '5eed0000-0000-4000-8000-000000000006',
  systemAccount: '5eed0000-0000-4000-8000-000000000007',
  credential: '5eed0000-0000-4000-8000-000000000008',
} as const;
type Kind = keyof typeof STAND_IN;

/** Stand-ins by the parameter that names them (`id` is an administrator, API key or system account; `name` a system template). */
export const PLANE_IDS_BY_NAME: Record<string, string[]> = {
  organization_id: [STAND_IN.organization],
  project_id: [STAND_IN.project],
  key_id: [STAND_IN.key],
  user_id: [STAND_IN.member],
  invitation_id: [STAND_IN.invitation],
  id: [STAND_IN.administrator, STAND_IN.key, STAND_IN.systemAccount],
  credential_id: [STAND_IN.credential],
  name: [...SYSTEM_TEMPLATE_NAMES],
};
export const PLANE_STAND_INS: string[] = Object.values(STAND_IN);

export interface PlaneWorld {
  /** Authorization header value for each principal. */
  bearer: Record<Principal, string>;
  ids: Record<Kind, string>;
}

/**
 * An organization (owner, developer, a target member, a project, an API key, an invitation), an
 * administrator holding every permission, a system account holding every permission with a
 * credential, and a second administrator and system account with a credential to be the targets
 * of admin operations, made through the repositories: a few milliseconds.
 */
export async function seedPlaneWorld(db: Database, config: Config): Promise<PlaneWorld> {
  const org = await anOrganizationWorld(db, config);
  const administrator = await anAdministrator(db, ALL);
  const targetAdministrator = await anAdministrator(db, ['health:read']);
  const accounts = new SystemAccountRepository(db);
  const credentialOf = async (accountId: string) => {
    const secret = newOpaqueToken(TOKEN_PREFIX.systemAccount).plaintext;
    return { secret, credential: await accounts.addCredential(accountId, hashToken(secret), null) };
  };
  const robot = await aSystemAccount(db, ALL);
  const { secret } = await credentialOf(robot.id);
  const targetRobot = await aSystemAccount(db, ['health:read']);
  const { credential } = await credentialOf(targetRobot.id);
  return {
    bearer: {
      owner: `Bearer ${org.members.owner.token}`,
      developer: `Bearer ${org.members.developer.token}`,
      administrator: administrator.auth.Authorization,
      system: `Bearer ${secret}`,
    },
    ids: {
      organization: org.organizationId,
      project: org.projectId,
      key: org.keyId,
      member: org.target.id,
      invitation: org.invitationId,
      administrator: targetAdministrator.administrator_id,
      systemAccount: targetRobot.id,
      credential: credential.id,
    },
  };
}

/** The text with every stand-in replaced by this world's id (same length, so a body's size is kept). */
export function withRealIds(text: string, world: PlaneWorld): string {
  let out = text;
  for (const [kind, standIn] of Object.entries(STAND_IN)) out = out.split(standIn).join(world.ids[kind as Kind]);
  return out;
}
