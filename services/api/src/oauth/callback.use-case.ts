import type { Queryable } from '@herald/db';
import { ValidationFailed } from '@herald/errors';
import { hashToken, newOpaqueToken } from '../auth/opaque-token';
import { enabledProvider } from './authorize.use-case';
import { CODE_TTL_S, type OAuthDeps } from './oauth-deps';
import type { PendingAuthorization, RedeemedCode } from './oauth-flow.repository';
import type { OAuthRepositories } from './oauth.repositories';
import { ProviderRefusal, type ExternalIdentity } from './oauth-provider';
import { callbackUrlOf } from './oauth-providers';
import { signInIdentity, verifiedForConnect, type LinkRefusal } from './link-identity';

/** Prefix of the one-time code Herald hands the client (`hoc_`: Herald OAuth code). */
const CODE_PREFIX = 'hoc_';

export type CallbackQuery = Record<string, unknown>;

function stateIssue(msg: string): ValidationFailed {
  return new ValidationFailed([{ loc: ['query', 'state'], msg, type: 'value_error' }]);
}

function redirectTo(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/**
 * The provider's redirect back to Herald. The state is taken out first (single use, even when
 * what follows fails), then openid-client checks the response and exchanges the code with the
 * PKCE verifier (and checks the ID token and its nonce). The outcome goes to the redirect_uri
 * given at authorize: a one-time code, or an error. A state Herald does not know is answered
 * here (422), never redirected: without it Herald has no trusted place to send anyone.
 */
export async function completeAuthorization(deps: OAuthDeps, name: string, query: CallbackQuery, rawQuery: string): Promise<string> {
  const provider = enabledProvider(deps, name);
  const state = typeof query.state === 'string' ? query.state : undefined;
  if (!state) throw stateIssue('state is required');
  const flow = await deps.repositories(deps.db).flows.take(hashToken(state), provider.name);
  if (!flow) throw stateIssue('state is unknown, expired or already used');
  const fail = (error: string, description: string) => redirectTo(flow.redirectUri, { error, error_description: description, state });

  let identity: ExternalIdentity;
  try {
    const callbackUrl = new URL(`${callbackUrlOf(deps.publicUrl, provider.name)}?${rawQuery}`);
    identity = await provider.identify(callbackUrl, { state, codeVerifier: flow.codeVerifier, nonce: flow.nonce ?? undefined });
  } catch (err) {
    if (err instanceof ProviderRefusal) return fail(err.error, err.description);
    const { message, error, error_description: description } = err as Error & { error?: string; error_description?: string };
    deps.logger.warn('oauth exchange failed', {
      provider: provider.name,
      error: message,
      provider_error: error,
      provider_error_description: description,
    });
    return fail('provider_error', `the sign-in with ${provider.name} could not be completed`);
  }

  const code = newOpaqueToken(CODE_PREFIX);
  const outcome = await deps.db.transaction(async (tx) => {
    const repos = deps.repositories(tx);
    const issued = await codeFor(tx, repos, provider.name, flow, identity);
    if ('error' in issued) return issued;
    await repos.flows.issueCode(code.hash, issued, CODE_TTL_S);
    return issued;
  });
  if ('error' in outcome) return fail(outcome.error, outcome.description);
  return redirectTo(flow.redirectUri, { code: code.plaintext, state });
}

/**
 * A login is linked here. A connect is not: whoever's browser came back may not be the user who
 * started the flow (an attacker can start one and send a victim through it), so the code only
 * carries the verified identity, linked when that user redeems it with their bearer.
 */
async function codeFor(
  tx: Queryable,
  repos: OAuthRepositories,
  provider: string,
  flow: PendingAuthorization,
  identity: ExternalIdentity,
): Promise<RedeemedCode | LinkRefusal> {
  if (flow.intent === 'login') return signInIdentity(tx, repos, provider, identity);
  const verified = await verifiedForConnect(repos, provider, flow.userId!, identity);
  if ('error' in verified) return verified;
  return { intent: 'connect', userId: flow.userId!, identity: verified };
}
