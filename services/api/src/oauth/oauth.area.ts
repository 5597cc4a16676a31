import { oauthSettings, type Config } from '@herald/config';
import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import { tokenLifetimesOf } from '../auth/session-tokens';
import type { RouteTable } from '../http/route-table';
import { OAuthProviders } from './oauth-providers';
import { oauthRoutes } from './oauth.routes';
import { RedirectAllowlist } from './redirect-allowlist';

/** Sign-in and account connection through GitHub, Google and any OpenID Connect issuer. */
export function oauthArea(deps: { db: Database; config: Config; logger: Logger }): RouteTable {
  const { db, config, logger } = deps;
  return oauthRoutes({
    db,
    providers: new OAuthProviders(oauthSettings(config), config.PUBLIC_URL),
    allowlist: new RedirectAllowlist(config.OAUTH_REDIRECT_ALLOWLIST),
    lifetimes: tokenLifetimesOf(config),
    publicUrl: config.PUBLIC_URL,
    logger,
  });
}
