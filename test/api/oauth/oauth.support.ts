import { randomUUID } from 'node:crypto';
import type { Config } from '@herald/config';
import request from 'supertest';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';
import { Browser } from './browser';
import { OidcProviderProcess } from './oidc-provider.process';

/** Where the tests' client app lives: allow-listed, never requested (the browser stops there). */
export const APP_URL = 'https://app.herald.test';
export const APP_REDIRECT = `${APP_URL}/oauth/done`;
const OIDC_CLIENT = { id: 'herald-test', secret: 'herald-test-secret' };

/** A free loopback port for the api: its callback URL must be registered at the provider before it starts. */
import { freePort } from '../../support/free-port';

export { freePort };

export function anAccount(label = 'person') {
  const id = randomUUID().slice(0, 8);
  return { sub: `${label}-${id}`, email: `${label}-${id}@example.com`, email_verified: true };
}

export interface OAuthSystem {
  config: Config;
  system: RunningSystem;
  oidc: OidcProviderProcess;
  /** Herald's origin (http://127.0.0.1:port). */
  origin: string;
  http(): ReturnType<typeof request>;
}

/** The api (with OIDC configured against a real oidc-provider child process) for one test file. */
export function useOAuthSystem(env: (ports: { publicUrl: string }) => Record<string, string> = () => ({})): OAuthSystem {
  const sut = {} as OAuthSystem;
  beforeAll(async () => {
    const port = await freePort();
    sut.origin = `http://127.0.0.1:${port}`;
    sut.oidc = await OidcProviderProcess.start(`${sut.origin}/api/v1/oauth/oidc/callback`, OIDC_CLIENT.id, OIDC_CLIENT.secret);
    sut.config = testConfig({
      PORT: String(port),
      PUBLIC_URL: sut.origin,
      APP_URL,
      OAUTH_REDIRECT_ALLOWLIST: `${APP_URL}/oauth/`,
      OIDC_ISSUER_URL: sut.oidc.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      ...env({ publicUrl: sut.origin }),
    });
    sut.system = await startSystem(sut.config);
    sut.http = () => request(sut.origin);
  });
  afterAll(async () => {
    await sut.system?.stop();
    await deleteTestTopology(sut.config);
    await sut.oidc?.stop();
  });
  return sut;
}

/** The query of the final redirect to the client app, as an object. */
export function paramsOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}

/** POST /oauth/{provider}/authorize, then the browser up to Herald's callback (not requested yet). */
export async function toCallback(
  sut: OAuthSystem,
  provider: string,
  options: { intent?: 'login' | 'connect'; bearer?: string } = {},
): Promise<{ callback: URL; state: string; authorizationUrl: URL }> {
  let req = sut.http().post(`/api/v1/oauth/${provider}/authorize`);
  if (options.bearer) req = req.set('Authorization', `Bearer ${options.bearer}`);
  const res = await req.send({ redirect_uri: APP_REDIRECT, intent: options.intent ?? 'login' });
  if (res.status !== 200) throw new Error(`authorize answered ${res.status} ${JSON.stringify(res.body)}`);
  const callback = await new Browser().follow(res.body.authorization_url, `${sut.origin}/api/v1/oauth/${provider}/callback`);
  return { callback, state: res.body.state, authorizationUrl: new URL(res.body.authorization_url) };
}

/** Requests Herald's callback as the browser would; returns the redirect to the client app. */
export async function callBack(sut: OAuthSystem, callback: URL): Promise<{ status: number; location?: URL; body: unknown }> {
  const res = await sut.http().get(callback.pathname + callback.search);
  return { status: res.status, location: res.headers.location ? new URL(res.headers.location) : undefined, body: res.body };
}

/** The whole sign-in: authorize, provider, callback; returns the query Herald sent to the client app. */
export async function signIn(
  sut: OAuthSystem,
  provider: string,
  options: { intent?: 'login' | 'connect'; bearer?: string } = {},
): Promise<Record<string, string>> {
  const { callback } = await toCallback(sut, provider, options);
  const answer = await callBack(sut, callback);
  if (answer.status !== 302 || !answer.location) throw new Error(`callback answered ${answer.status} ${JSON.stringify(answer.body)}`);
  expect(answer.location.href.startsWith(APP_REDIRECT)).toBe(true);
  return paramsOf(answer.location);
}

/** POST /oauth/token; a connect code needs the bearer of the user who started the flow. */
export function redeem(sut: OAuthSystem, code: string, bearer?: string) {
  const req = sut.http().post('/api/v1/oauth/token');
  return (bearer ? req.set('Authorization', `Bearer ${bearer}`) : req).send({ code });
}
