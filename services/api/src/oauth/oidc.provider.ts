import type { OidcProviderSettings } from '@herald/config';
import { client, isLoopbackHttp, PROVIDER_TIMEOUT_S } from './openid-client';
import { ProviderRefusal, type ExternalIdentity, type FlowSecrets, type OAuthProvider } from './oauth-provider';

const SCOPE = 'openid email profile';

/**
 * Any OpenID Connect issuer (provider `oidc`, and `google` at its fixed issuer). The issuer is
 * discovered on first use, not at start, so an api process starts while the issuer is down;
 * a failed discovery is tried again by the next request.
 */
export class OidcProvider implements OAuthProvider {
  readonly usesNonce = true;
  private discovered?: Promise<client.Configuration>;

  constructor(
    private readonly settings: OidcProviderSettings,
    private readonly redirectUri: string,
  ) {}

  get name(): string {
    return this.settings.name;
  }

  async authorizationUrl(secrets: FlowSecrets): Promise<URL> {
    return client.buildAuthorizationUrl(await this.configuration(), {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      state: secrets.state,
      nonce: secrets.nonce ?? '',
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  async identify(callbackUrl: URL, secrets: FlowSecrets): Promise<ExternalIdentity> {
    const config = await this.configuration();
    const tokens = await exchange(() =>
      client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        idTokenExpected: true,
      }),
    );
    const claims = tokens.claims()!;
    // Many issuers (oidc-provider by default) put email only in userinfo; ask when the ID token lacks it.
    const info = claims.email === undefined ? await client.fetchUserInfo(config, tokens.access_token, claims.sub) : claims;
    return {
      subject: claims.sub,
      email: typeof info.email === 'string' ? info.email : undefined,
      emailVerified: info.email_verified === true,
    };
  }

  private configuration(): Promise<client.Configuration> {
    this.discovered ??= this.discover().catch((err: unknown) => {
      this.discovered = undefined;
      throw err;
    });
    return this.discovered;
  }

  private async discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    // openid-client recognises the function itself in `execute` to let discovery use http.
    const config = await client.discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
      execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_S,
    });
    config.timeout = PROVIDER_TIMEOUT_S;
    return config;
  }
}

/** The provider's own error answer to the authorization (`?error=access_denied`) becomes a ProviderRefusal. */
export async function exchange<T>(grant: () => Promise<T>): Promise<T> {
  try {
    return await grant();
  } catch (err) {
    if (err instanceof client.AuthorizationResponseError) throw new ProviderRefusal(err.error, err.error_description ?? err.message);
    throw err;
  }
}
