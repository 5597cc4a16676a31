import type { Response } from 'supertest';
import { newOpaqueToken, TOKEN_PREFIX } from '../../../services/api/src/auth/opaque-token';
import { BROWSER_SESSION, cookieHeader, refreshCookieOf, refreshCookiesOf } from '../../support/refresh-cookie';
import { useSystem } from '../../support/system-fixture';
import { anAddress, aSession } from './sign-in.support';

/** Browser sessions (the console): the refresh token lives in an HttpOnly cookie, never in a body a page script reads. */
const sut = useSystem({ env: { PUBLIC_URL: 'https://herald.example.com' } });

const me = (token: string) => sut.http().get('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
const refreshWithCookie = (value: string) => sut.http().post('/api/v1/auth/refresh').set(BROWSER_SESSION).set(cookieHeader(value)).send();

/** A magic link stored as the email would have carried it, so verifying it needs no mail round trip. */
async function aMagicLink(): Promise<string> {
  const link = newOpaqueToken(TOKEN_PREFIX.magicLink);
  await sut.system.api.db.query(
    `INSERT INTO magic_link_tokens (token_hash, email, expires_at) VALUES ($1, $2, now() + interval '5 minutes')`,
    [link.hash, anAddress('browser')],
  );
  return link.plaintext;
}

/** A browser session: signed in through a magic link with the header; returns the answer and its cookie. */
async function aBrowserSession(): Promise<{ accessToken: string; cookie: string; res: Response }> {
  const res = await sut
    .http()
    .post('/api/v1/auth/magic-link/verify')
    .set(BROWSER_SESSION)
    .send({ token: await aMagicLink() });
  expect(res.status).toBe(200);
  return { accessToken: res.body.access_token, cookie: refreshCookieOf(res).value, res };
}

function expectClearedCookie(res: Response): void {
  const cleared = refreshCookieOf(res);
  expect(cleared.value).toBe('');
  expect(cleared.attributes).toEqual({ 'max-age': '0', path: '/api/v1/auth', httponly: true, samesite: 'Strict', secure: true });
}

describe('browser sessions keep the refresh token in an HttpOnly cookie', () => {
  it('when a magic link is verified with X-Herald-Session: cookie, then the refresh token is set as the cookie and left out of the body', async () => {
    const { res, accessToken } = await aBrowserSession();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(res.body).toMatchObject({ token_type: 'Bearer', refresh_expires_in: 2592000 });
    const cookie = refreshCookieOf(res);
    expect(cookie.value).toMatch(/^hrt_[A-Za-z0-9_-]+$/);
    // PUBLIC_URL is https here, so the cookie is Secure.
    expect(cookie.attributes).toEqual({ 'max-age': '2592000', path: '/api/v1/auth', httponly: true, samesite: 'Strict', secure: true });
    expect((await me(accessToken)).status).toBe(200);

    // Without the header nothing changes: the body carries the refresh token, and no cookie is set.
    const plain = await sut
      .http()
      .post('/api/v1/auth/magic-link/verify')
      .send({ token: await aMagicLink() });
    expect(plain.status).toBe(200);
    expect(plain.body.refresh_token).toMatch(/^hrt_/);
    expect(refreshCookiesOf(plain)).toEqual([]);
  });

  it('when the session refreshes with only the cookie, then the cookie rotates, the body has no refresh token, and the old access token stops working', async () => {
    const first = await aBrowserSession();
    const refreshed = await refreshWithCookie(first.cookie);
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    expect(refreshed.body).not.toHaveProperty('refresh_token');
    const rotated = refreshCookieOf(refreshed);
    expect(rotated.value).toMatch(/^hrt_/);
    expect(rotated.value).not.toBe(first.cookie);
    expect(rotated.attributes['max-age']).toBe(String(refreshed.body.refresh_expires_in));
    expect((await me(refreshed.body.access_token)).status).toBe(200);
    expect((await me(first.accessToken)).status).toBe(401);
    // The rotated cookie refreshes again.
    expect((await refreshWithCookie(rotated.value)).status).toBe(200);
  });

  it('when a spent cookie is presented again, then the whole session is revoked: 401, and the newest access token and cookie stop working', async () => {
    const first = await aBrowserSession();
    const refreshed = await refreshWithCookie(first.cookie);
    expect(refreshed.status).toBe(200);
    const reused = await refreshWithCookie(first.cookie);
    expect(reused.status).toBe(401);
    expect(reused.body.detail).toMatch(/already used; the session has been revoked/);
    expect((await me(refreshed.body.access_token)).status).toBe(401);
    expect((await refreshWithCookie(refreshCookieOf(refreshed).value)).status).toBe(401);
  });

  it('when the cookie is sent without the header, then it is ignored (401) and stays unspent', async () => {
    const { cookie } = await aBrowserSession();
    const ignored = await sut.http().post('/api/v1/auth/refresh').set(cookieHeader(cookie)).send({});
    expect(ignored.status).toBe(401);
    expect(refreshCookiesOf(ignored)).toEqual([]);
    expect((await refreshWithCookie(cookie)).status).toBe(200);
  });

  it('when the header is sent with neither a body token nor the cookie, then the answer is 401', async () => {
    const res = await sut.http().post('/api/v1/auth/refresh').set(BROWSER_SESSION).send();
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/no refresh token/);
  });

  it('when both a body token and the cookie are sent, then the body token is spent and the cookie stays valid', async () => {
    const browser = await aBrowserSession();
    const other = await aSession(sut.system.api.db, sut.config, anAddress('body-wins'));
    const res = await sut
      .http()
      .post('/api/v1/auth/refresh')
      .set(BROWSER_SESSION)
      .set(cookieHeader(browser.cookie))
      .send({ refresh_token: other.refresh_token });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(other.user_id);
    expect((await refreshWithCookie(browser.cookie)).status).toBe(200);
  });

  it('when a browser session logs out with its bearer, then the session ends and the cookie is cleared on the same path', async () => {
    const session = await aBrowserSession();
    const res = await sut
      .http()
      .post('/api/v1/auth/logout')
      .set(BROWSER_SESSION)
      .set('Authorization', `Bearer ${session.accessToken}`)
      .send();
    expect(res.status).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    expectClearedCookie(res);
    expect((await me(session.accessToken)).status).toBe(401);
    expect((await refreshWithCookie(session.cookie)).status).toBe(401);
  });

  it('when a browser without an access token logs out with its cookie, then that session ends and the cookie is cleared', async () => {
    const session = await aBrowserSession();
    const res = await sut.http().post('/api/v1/auth/logout').set(BROWSER_SESSION).set(cookieHeader(session.cookie)).send();
    expect(res.status).toBe(204);
    expectClearedCookie(res);
    expect((await me(session.accessToken)).status).toBe(401);
  });

  it('when the session was already gone, then logout still clears the cookie', async () => {
    const session = await aBrowserSession();
    await sut.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${session.accessToken}`).send({ all: true });
    const res = await sut.http().post('/api/v1/auth/logout').set(BROWSER_SESSION).set(cookieHeader(session.cookie)).send();
    expect(res.status).toBe(204);
    expectClearedCookie(res);
    const none = await sut.http().post('/api/v1/auth/logout').set(BROWSER_SESSION).send();
    expect(none.status).toBe(204);
    expectClearedCookie(none);
  });

  it('when logout has neither a bearer nor the header, or asks to end every session with the cookie alone, then it is a 401', async () => {
    const session = await aBrowserSession();
    const bare = await sut.http().post('/api/v1/auth/logout').set(cookieHeader(session.cookie)).send();
    expect(bare.status).toBe(401);
    expect(refreshCookiesOf(bare)).toEqual([]);
    const all = await sut.http().post('/api/v1/auth/logout').set(BROWSER_SESSION).set(cookieHeader(session.cookie)).send({ all: true });
    expect(all.status).toBe(401);
    expect((await me(session.accessToken)).status).toBe(200);
  });
});
