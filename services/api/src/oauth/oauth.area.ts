import { oauthSettings } from '@herald/config';
import { tokenLifetimesOf } from '../auth/session-tokens';
import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { OAuthProviders } from './oauth-providers';
import { oauthRepositories } from './oauth.repositories';
import { oauthRoutes } from './oauth.routes';
import { RedirectAllowlist } from './redirect-allowlist';

/** Sign-in and account connection through GitHub, Google and any OpenID Connect issuer. */
export function oauthArea(deps: Infrastructure): Area {
  const { db, config, logger } = deps;
  const routes = oauthRoutes({
    db,
    repositories: oauthRepositories,
    providers: new OAuthProviders(oauthSettings(config), config.PUBLIC_URL),
    allowlist: new RedirectAllowlist(config.OAUTH_REDIRECT_ALLOWLIST),
    lifetimes: tokenLifetimesOf(config),
    publicUrl: config.PUBLIC_URL,
    logger,
  });
  return { routes };
}
