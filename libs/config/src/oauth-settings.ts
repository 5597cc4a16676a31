import type { Config } from './config';
import { ConfigError } from './config-error';

export type OAuthProviderName = 'github' | 'google' | 'oidc';

export interface OidcProviderSettings {
  kind: 'oidc';
  name: OAuthProviderName;
  /** Discovery runs against `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface GitHubProviderSettings {
  kind: 'github';
  name: 'github';
  clientId: string;
  clientSecret: string;
  /** https://github.com: authorize and token endpoints. */
  webUrl: string;
  /** https://api.github.com: /user and /user/emails. */
  apiUrl: string;
}

export type OAuthProviderSettings = OidcProviderSettings | GitHubProviderSettings;

/** Google is an OpenID Connect issuer at a fixed address. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

function pair(config: Config, id: keyof Config, secret: keyof Config): { clientId: string; clientSecret: string } | undefined {
  const clientId = config[id] as string | undefined;
  const clientSecret = config[secret] as string | undefined;
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) throw new ConfigError(`${clientId ? secret : id} must be set together with ${clientId ? id : secret}`);
  return { clientId, clientSecret };
}

/**
 * The OAuth providers the api offers: each one whose client credentials are set. Half a
 * configuration (an id without its secret, an issuer without a client) stops the api at start
 * instead of offering a provider that cannot work.
 */
export function oauthSettings(config: Config): OAuthProviderSettings[] {
  const providers: OAuthProviderSettings[] = [];
  const github = pair(config, 'GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET');
  if (github) providers.push({ kind: 'github', name: 'github', ...github, webUrl: config.GITHUB_URL, apiUrl: config.GITHUB_API_URL });
  const google = pair(config, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  if (google) providers.push({ kind: 'oidc', name: 'google', issuer: GOOGLE_ISSUER, ...google });
  const oidc = pair(config, 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET');
  if (oidc && !config.OIDC_ISSUER_URL) throw new ConfigError('OIDC_ISSUER_URL must be set together with OIDC_CLIENT_ID');
  if (!oidc && config.OIDC_ISSUER_URL)
    throw new ConfigError('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together with OIDC_ISSUER_URL');
  if (oidc) providers.push({ kind: 'oidc', name: 'oidc', issuer: config.OIDC_ISSUER_URL!, ...oidc });
  return providers;
}
