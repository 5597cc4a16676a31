import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { TokenLifetimes } from '../auth/session-tokens';
import type { RepositoryFactory } from '../shared/repositories';
import type { OAuthRepositories } from './oauth.repositories';
import type { OAuthProviders } from './oauth-providers';
import type { RedirectAllowlist } from './redirect-allowlist';

/** How long a sign-in may stay at the provider between authorize and callback. */
export const FLOW_TTL_S = 600;
/** How long the one-time code handed to the client's redirect_uri works. */
export const CODE_TTL_S = 60;

export interface OAuthDeps {
  db: Database;
  repositories: RepositoryFactory<OAuthRepositories>;
  providers: OAuthProviders;
  allowlist: RedirectAllowlist;
  lifetimes: TokenLifetimes;
  /** PUBLIC_URL: Herald's callback at the provider is `${publicUrl}/api/v1/oauth/{provider}/callback`. */
  publicUrl: string;
  logger: Logger;
}
