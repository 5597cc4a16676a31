import type { GitHubProviderSettings } from '@herald/config';
import { allowHttpOnLoopback, client, PROVIDER_TIMEOUT_S } from './openid-client';
import { exchange } from './oidc.provider';
import type { ExternalIdentity, FlowSecrets, OAuthProvider } from './oauth-provider';

/** The user's profile and email addresses: read:user, user:email. */
const SCOPE = 'read:user user:email';

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * GitHub is OAuth 2 without OpenID Connect: no discovery, no ID token, no nonce. openid-client
 * still builds the authorization URL (PKCE S256, state) and runs the code exchange against a
 * fixed server description; the identity then comes from the REST API (`/user` for the stable
 * numeric id, `/user/emails` for the primary address and whether GitHub verified it).
 */
export class GitHubProvider implements OAuthProvider {
  readonly name = 'github';
  readonly usesNonce = false;
  private readonly config: client.Configuration;
  private readonly apiUrl: string;
  private readonly redirectUri: string;

  constructor(settings: GitHubProviderSettings, redirectUri: string) {
    const web = settings.webUrl.replace(/\/+$/, '');
    this.config = new client.Configuration(
      { issuer: web, authorization_endpoint: `${web}/login/oauth/authorize`, token_endpoint: `${web}/login/oauth/access_token` },
      settings.clientId,
      settings.clientSecret,
    );
    this.config.timeout = PROVIDER_TIMEOUT_S;
    allowHttpOnLoopback(this.config, new URL(web));
    allowHttpOnLoopback(this.config, new URL(settings.apiUrl));
    this.apiUrl = settings.apiUrl.replace(/\/+$/, '');
    this.redirectUri = redirectUri;
  }

  async authorizationUrl(secrets: FlowSecrets): Promise<URL> {
    return client.buildAuthorizationUrl(this.config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      state: secrets.state,
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
      allow_signup: 'false',
    });
  }

  async identify(callbackUrl: URL, secrets: FlowSecrets): Promise<ExternalIdentity> {
    const tokens = await exchange(() =>
      client.authorizationCodeGrant(this.config, callbackUrl, { pkceCodeVerifier: secrets.codeVerifier, expectedState: secrets.state }),
    );
    const user = (await this.get(tokens.access_token, '/user')) as { id?: unknown };
    if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new Error('GitHub /user answered without an id');
    const emails = (await this.get(tokens.access_token, '/user/emails')) as GitHubEmail[];
    const primary = Array.isArray(emails) ? emails.find((e) => e.primary) : undefined;
    return { subject: String(user.id), email: primary?.email, emailVerified: primary?.verified === true };
  }

  private async get(accessToken: string, path: string): Promise<unknown> {
    const headers = new Headers({ accept: 'application/vnd.github+json', 'user-agent': 'Herald', 'x-github-api-version': '2022-11-28' });
    const res = await client.fetchProtectedResource(this.config, accessToken, new URL(this.apiUrl + path), 'GET', undefined, headers);
    if (!res.ok) throw new Error(`GitHub ${path} answered ${res.status}`);
    return res.json();
  }
}
