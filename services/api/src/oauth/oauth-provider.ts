/** What Herald learns about the person at the provider, after a successful exchange. */
export interface ExternalIdentity {
  /** The provider's stable account id (`sub`, GitHub's numeric user id). */
  subject: string;
  email: string | undefined;
  /** Whether the provider says it checked that this person controls `email`. */
  emailVerified: boolean;
}

/** The single-use secrets of one sign-in in flight. */
export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  /** OpenID Connect only. */
  nonce?: string;
}

/**
 * One sign-in provider: builds the URL that sends the person to the provider, and turns the
 * provider's redirect back to Herald into an identity (code exchange with PKCE, state and, for
 * OpenID Connect, nonce and ID token checks, all done by openid-client).
 */
export interface OAuthProvider {
  readonly name: string;
  /** Whether this provider binds an ID token to a nonce (OpenID Connect). */
  readonly usesNonce: boolean;
  authorizationUrl(secrets: FlowSecrets): Promise<URL>;
  /** `callbackUrl` is the URL the provider redirected to, query included. */
  identify(callbackUrl: URL, secrets: FlowSecrets): Promise<ExternalIdentity>;
}

/** The provider answered the authorization with an error (the person declined, or the request was refused). */
export class ProviderRefusal extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}
