import { BROWSER_SESSION, cookieHeader, refreshCookieOf, refreshCookiesOf } from '../../support/refresh-cookie';
import { aSession } from '../auth/sign-in.support';
import { anAccount, APP_REDIRECT, callBack, redeem, signIn, toCallback, useOAuthSystem } from './oauth.support';

/** Sign-in and account connection against a real OpenID Connect provider (oidc-provider in a child process). */
const sut = useOAuthSystem();

const me = (token: string) => sut.http().get('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);

describe('OAuth sign-in with an OpenID Connect issuer', () => {
  it('when the oidc issuer is configured, then it is listed among the providers and the others are not', async () => {
    const res = await sut.http().get('/api/v1/oauth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ providers: [{ name: 'oidc' }] });
    const github = await sut.http().post('/api/v1/oauth/github/authorize').send({ redirect_uri: APP_REDIRECT });
    expect(github.status).toBe(404);
  });

  it('when a new person with a verified email signs in, then the user is created, and a second sign-in finds the same user', async () => {
    const account = anAccount('first');
    await sut.oidc.nextLogin(account);
    const first = await signIn(sut, 'oidc');
    expect(first.code).toMatch(/^hoc_/);
    const tokens = await redeem(sut, first.code);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', created: true, user: { email: account.email } });
    const profile = await me(tokens.body.access_token);
    expect(profile.body.identities).toEqual([{ provider: 'oidc', email: account.email }]);

    await sut.oidc.nextLogin(account);
    const second = await signIn(sut, 'oidc');
    const again = await redeem(sut, second.code);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, user: { id: tokens.body.user.id } });
  });

  it('when the provider verified an address that already has a user, then signing in links to that user', async () => {
    const account = anAccount('existing');
    const boot = await aSession(sut.system.api.db, sut.config, account.email);
    await sut.oidc.nextLogin(account);
    const tokens = await redeem(sut, (await signIn(sut, 'oidc')).code);
    expect(tokens.body).toMatchObject({ created: false, user: { id: boot.user_id } });
  });

  it('when authorize answers, then the URL carries an S256 PKCE challenge, a state and a nonce, and the state comes back', async () => {
    await sut.oidc.nextLogin(anAccount('pkce'));
    const { authorizationUrl, state, callback } = await toCallback(sut, 'oidc');
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('state')).toBe(state);
    const answer = await callBack(sut, callback);
    expect(answer.location?.searchParams.get('state')).toBe(state);
  });

  it('when the PKCE verifier Herald holds does not match the challenge, then the provider refuses the code and no code reaches the app', async () => {
    await sut.oidc.nextLogin(anAccount('verifier'));
    const { callback } = await toCallback(sut, 'oidc');
    // Another verifier than the one the challenge was made from: only the provider can notice.
    await sut.system.api.db.query(`UPDATE oauth_authorizations SET code_verifier = repeat('x', 43)`);
    const answer = await callBack(sut, callback);
    expect(answer.status).toBe(302);
    expect(answer.location?.searchParams.get('error')).toBe('provider_error');
    expect(answer.location?.searchParams.get('code')).toBeNull();
  });

  it('when the provider redirect is replayed, then the second callback is refused and issues no code', async () => {
    await sut.oidc.nextLogin(anAccount('replay'));
    const { callback } = await toCallback(sut, 'oidc');
    const first = await callBack(sut, callback);
    expect(first.location?.searchParams.get('code')).toMatch(/^hoc_/);
    const replay = await callBack(sut, callback);
    expect(replay.status).toBe(422);
    expect(replay.body).toEqual({
      detail: [{ loc: ['query', 'state'], msg: 'state is unknown, expired or already used', type: 'value_error' }],
    });
  });

  it('when a one-time code is redeemed twice, then the second time is a 401', async () => {
    await sut.oidc.nextLogin(anAccount('reuse'));
    const { code } = await signIn(sut, 'oidc');
    expect((await redeem(sut, code)).status).toBe(200);
    const reused = await redeem(sut, code);
    expect(reused.status).toBe(401);
    expect(reused.body.detail).toMatch(/unknown, expired or already used/);
    expect((await redeem(sut, 'hoc_made-up')).status).toBe(401);
  });

  it('when a one-time code is older than 60 s, then it is refused', async () => {
    await sut.oidc.nextLogin(anAccount('late'));
    const { code } = await signIn(sut, 'oidc');
    await sut.system.api.db.query(`UPDATE oauth_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await redeem(sut, code)).status).toBe(401);
  });

  it('when the provider does not mark the email verified, then sign-in is refused with unverified_email and no user is made', async () => {
    const account = { ...anAccount('unverified'), email_verified: false };
    await sut.oidc.nextLogin(account);
    const answer = await signIn(sut, 'oidc');
    expect(answer).toMatchObject({ error: 'unverified_email' });
    expect(answer.code).toBeUndefined();
    const { rows } = await sut.system.api.db.query('SELECT 1 FROM users WHERE lower(email) = $1', [account.email]);
    expect(rows).toEqual([]);
  });

  it('when a login code is redeemed with X-Herald-Session: cookie, then the refresh token is set as the cookie, not in the body; a connect code sets none', async () => {
    const account = anAccount('console');
    await sut.oidc.nextLogin(account);
    const login = await sut
      .http()
      .post('/api/v1/oauth/token')
      .set(BROWSER_SESSION)
      .send({ code: (await signIn(sut, 'oidc')).code });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.body).toMatchObject({ created: true, user: { email: account.email } });
    expect(login.body).not.toHaveProperty('refresh_token');
    const cookie = refreshCookieOf(login);
    // PUBLIC_URL is http here: no Secure.
    expect(cookie.attributes).toEqual({
      'max-age': String(login.body.refresh_expires_in),
      path: '/api/v1/auth',
      httponly: true,
      samesite: 'Strict',
    });
    const refreshed = await sut.http().post('/api/v1/auth/refresh').set(BROWSER_SESSION).set(cookieHeader(cookie.value)).send();
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.id).toBe(login.body.user.id);

    await sut.oidc.nextLogin(anAccount('console-work'));
    const bearer = refreshed.body.access_token as string;
    const connect = await signIn(sut, 'oidc', { intent: 'connect', bearer });
    const connected = await sut
      .http()
      .post('/api/v1/oauth/token')
      .set(BROWSER_SESSION)
      .set('Authorization', `Bearer ${bearer}`)
      .send({ code: connect.code });
    expect(connected.status).toBe(200);
    expect(connected.body).toHaveProperty('identity');
    expect(refreshCookiesOf(connected)).toEqual([]);
  });

  it('when a signed-in user connects an account, then it shows on /auth/me and signs them in afterwards, and disconnecting ends that', async () => {
    const boot = await aSession(sut.system.api.db, sut.config, anAccount('owner').email);
    const account = anAccount('work'); // another address than the user's own
    await sut.oidc.nextLogin(account);
    const connect = await signIn(sut, 'oidc', { intent: 'connect', bearer: boot.access_token });
    const connected = await redeem(sut, connect.code, boot.access_token);
    expect(connected.status).toBe(200);
    expect(connected.body).toEqual({ identity: { provider: 'oidc', email: account.email } });
    expect((await me(boot.access_token)).body.identities).toEqual([{ provider: 'oidc', email: account.email }]);

    await sut.oidc.nextLogin(account);
    const login = await redeem(sut, (await signIn(sut, 'oidc')).code);
    expect(login.body).toMatchObject({ created: false, user: { id: boot.user_id } });

    const gone = await sut.http().delete('/api/v1/oauth/oidc/connection').set('Authorization', `Bearer ${boot.access_token}`);
    expect(gone.status).toBe(204);
    expect((await me(boot.access_token)).body.identities).toEqual([]);
    const again = await sut.http().delete('/api/v1/oauth/oidc/connection').set('Authorization', `Bearer ${boot.access_token}`);
    expect(again.status).toBe(404);
  });

  it('when a user connects an account that another user already has, then it is refused with identity_in_use', async () => {
    const account = anAccount('taken');
    await sut.oidc.nextLogin(account);
    const holder = await redeem(sut, (await signIn(sut, 'oidc')).code);
    expect(holder.status).toBe(200);

    const other = await aSession(sut.system.api.db, sut.config, anAccount('other').email);
    await sut.oidc.nextLogin(account);
    const answer = await signIn(sut, 'oidc', { intent: 'connect', bearer: other.access_token });
    expect(answer).toMatchObject({ error: 'identity_in_use' });
    expect((await me(other.access_token)).body.identities).toEqual([]);
  });

  it('when a connect flow comes back, then nothing is linked until its starter redeems the code with their own bearer', async () => {
    const starter = await aSession(sut.system.api.db, sut.config, anAccount('starter').email);
    const victim = await aSession(sut.system.api.db, sut.config, anAccount('victim').email);
    const account = anAccount('victims-idp'); // the victim's account at the provider
    const connectAs = async () => {
      await sut.oidc.nextLogin(account);
      const answer = await signIn(sut, 'oidc', { intent: 'connect', bearer: starter.access_token });
      expect(answer.code).toMatch(/^hoc_/);
      return answer.code;
    };
    const identitiesOf = async (token: string) => (await me(token)).body.identities;

    // The starter's flow, opened by the victim's browser: the callback links nothing.
    const code = await connectAs();
    expect(await identitiesOf(starter.access_token)).toEqual([]);
    const anonymous = await redeem(sut, code);
    expect(anonymous.status).toBe(401);
    expect(await identitiesOf(starter.access_token)).toEqual([]);
    expect((await redeem(sut, code, starter.access_token)).status).toBe(401); // spent by the refused call

    const byVictim = await redeem(sut, await connectAs(), victim.access_token);
    expect(byVictim.status).toBe(403);
    expect(await identitiesOf(starter.access_token)).toEqual([]);
    expect(await identitiesOf(victim.access_token)).toEqual([]);
    // Nor does the provider account now sign in as anyone but a new user of its own address.
    await sut.oidc.nextLogin(account);
    const login = await redeem(sut, (await signIn(sut, 'oidc')).code);
    expect(login.body).toMatchObject({ created: true, user: { email: account.email } });
    expect(login.body.user.id).not.toBe(starter.user_id);
  });

  it('when the user who started a connect flow redeems its code with their bearer, then the identity is linked to them', async () => {
    const starter = await aSession(sut.system.api.db, sut.config, anAccount('starter').email);
    const account = anAccount('starters-idp');
    await sut.oidc.nextLogin(account);
    const { code } = await signIn(sut, 'oidc', { intent: 'connect', bearer: starter.access_token });
    const connected = await redeem(sut, code, starter.access_token);
    expect(connected.status).toBe(200);
    expect(connected.body).toEqual({ identity: { provider: 'oidc', email: account.email } });
    expect((await me(starter.access_token)).body.identities).toEqual([{ provider: 'oidc', email: account.email }]);
  });

  it('when connect is asked without a bearer, or redirect_uri is not allow-listed or hides a dot segment, then authorize refuses', async () => {
    const noBearer = await sut.http().post('/api/v1/oauth/oidc/authorize').send({ redirect_uri: APP_REDIRECT, intent: 'connect' });
    expect(noBearer.status).toBe(401);
    const badBearer = await sut
      .http()
      .post('/api/v1/oauth/oidc/authorize')
      .set('Authorization', 'Bearer hat_nope')
      .send({ redirect_uri: APP_REDIRECT });
    expect(badBearer.status).toBe(401);
    for (const uri of [
      'https://evil.example/oauth/done',
      'https://app.herald.test.evil.example/oauth/done',
      'https://app.herald.test/elsewhere',
      // Under the allowed /oauth/ as text, elsewhere once a router or proxy decodes it.
      'https://app.herald.test/oauth/..%2felsewhere',
      'https://app.herald.test/oauth/%2e%2e/elsewhere',
    ]) {
      const res = await sut.http().post('/api/v1/oauth/oidc/authorize').send({ redirect_uri: uri });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        detail: [{ loc: ['body', 'redirect_uri'], msg: 'redirect_uri is not allowed by OAUTH_REDIRECT_ALLOWLIST', type: 'value_error' }],
      });
    }
  });

  it('when sign-in and connection happen, then the audit log has them without codes or tokens', async () => {
    const account = anAccount('audited');
    await sut.oidc.nextLogin(account);
    const { code } = await signIn(sut, 'oidc');
    const tokens = await redeem(sut, code);
    const { rows } = await sut.system.api.db.query<{ action: string; metadata: Record<string, unknown> }>(
      'SELECT action, metadata FROM audit_log WHERE actor_user_id = $1 ORDER BY created_at, id',
      [tokens.body.user.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['oauth.identity_connected', 'auth.signed_in']);
    expect(rows[1].metadata).toMatchObject({ method: 'oauth', provider: 'oidc', user_created: true });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(code);
    expect(text).not.toContain(tokens.body.access_token);
  });
});
