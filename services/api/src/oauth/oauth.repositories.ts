import type { Queryable } from '@herald/db';
import { UserRepository } from '../auth/user.repository';
import { IdentityRepository } from './identity.repository';
import { OAuthFlowRepository } from './oauth-flow.repository';

/** Every repository OAuth sign-in and account connection use, on the database or one transaction. */
export function oauthRepositories(q: Queryable) {
  return {
    flows: new OAuthFlowRepository(q),
    identities: new IdentityRepository(q),
    users: new UserRepository(q),
  };
}

export type OAuthRepositories = ReturnType<typeof oauthRepositories>;
