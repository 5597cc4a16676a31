import { AppError, ValidationFailed } from '@herald/errors';
import { hashToken } from '../auth/opaque-token';
import type { Principal } from '../shared/request-identity';
import { client } from './openid-client';
import { FLOW_TTL_S, type OAuthDeps } from './oauth-deps';
import type { OAuthIntent } from './oauth-flow.repository';
import type { OAuthProvider } from './oauth-provider';

export interface AuthorizeRequest {
  redirectUri: string;
  intent: OAuthIntent;
}

export interface AuthorizeAnswer {
  authorization_url: string;
  state: string;
  expires_at: Date;
}

export function enabledProvider(deps: OAuthDeps, name: string): OAuthProvider {
  const provider = deps.providers.get(name);
  if (!provider) throw new AppError('not_found', `OAuth provider ${name} is not enabled`);
  return provider;
}

/**
 * Starts a sign-in (or, with a bearer, an account connection) at the provider: fresh state,
 * PKCE verifier and (OpenID Connect) nonce, each used once. Herald keeps the verifier and nonce
 * for the callback, under the hash of the state; the client gets the URL to send the person to.
 */
export async function authorize(deps: OAuthDeps, name: string, req: AuthorizeRequest, principal?: Principal): Promise<AuthorizeAnswer> {
  const provider = enabledProvider(deps, name);
  if (!deps.allowlist.allows(req.redirectUri)) {
    throw new ValidationFailed([
      { loc: ['body', 'redirect_uri'], msg: 'redirect_uri is not allowed by OAUTH_REDIRECT_ALLOWLIST', type: 'value_error' },
    ]);
  }
  if (req.intent === 'connect' && !principal)
    throw new AppError('unauthenticated', 'intent connect needs a bearer token of the user to connect');
  const secrets = {
    state: client.randomState(),
    codeVerifier: client.randomPKCECodeVerifier(),
    nonce: provider.usesNonce ? client.randomNonce() : undefined,
  };
  const url = await atProvider(provider.name, () => provider.authorizationUrl(secrets));
  const expiresAt = await deps.repositories(deps.db).flows.begin(
    hashToken(secrets.state),
    {
      provider: provider.name,
      intent: req.intent,
      userId: req.intent === 'connect' ? principal!.userId : null,
      redirectUri: req.redirectUri,
      codeVerifier: secrets.codeVerifier,
      nonce: secrets.nonce ?? null,
    },
    FLOW_TTL_S,
  );
  return { authorization_url: url.href, state: secrets.state, expires_at: expiresAt };
}

/** Discovery may fail while the issuer is down: a 503 the client may retry, not a 500. */
async function atProvider<T>(name: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw new AppError('unavailable', `OAuth provider ${name} cannot be reached now: ${(err as Error).message}`);
  }
}
