import type { Request, Response } from 'express';
import { BrowserSessionCookie } from './browser-session.cookie';

/** A request carrying these headers, as Express reads them (names case-insensitive). */
function requestWith(headers: Record<string, string>): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { header: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
}

function recordingResponse(): { res: Response; setCookies: string[] } {
  const setCookies: string[] = [];
  const res = { append: (name: string, value: string) => name === 'Set-Cookie' && setCookies.push(value) } as unknown as Response;
  return { res, setCookies };
}

const pair = { access_token: 'hat_a', refresh_token: 'hrt_r', refresh_expires_in: 600 };

describe('BrowserSessionCookie', () => {
  it('when the header asks for a browser session, then the refresh token moves from the body into the cookie', () => {
    const { res, setCookies } = recordingResponse();
    const body = new BrowserSessionCookie('http://127.0.0.1:8000').hand(requestWith({ 'X-Herald-Session': 'cookie' }), res, pair);
    expect(body).toEqual({ access_token: 'hat_a', refresh_expires_in: 600 });
    expect(setCookies).toEqual(['herald_refresh=hrt_r; Max-Age=600; Path=/api/v1/auth; HttpOnly; SameSite=Strict']);
  });

  it('when PUBLIC_URL is https, then the cookie is Secure, cleared or set', () => {
    const { res, setCookies } = recordingResponse();
    new BrowserSessionCookie('https://herald.example.com').clear(res);
    expect(setCookies).toEqual(['herald_refresh=; Max-Age=0; Path=/api/v1/auth; HttpOnly; SameSite=Strict; Secure']);
  });

  it('when the header is absent, then the body is answered as it was and no cookie is set or read', () => {
    const { res, setCookies } = recordingResponse();
    const cookie = new BrowserSessionCookie('https://herald.example.com');
    expect(cookie.hand(requestWith({}), res, pair)).toBe(pair);
    expect(setCookies).toEqual([]);
    expect(cookie.presented(requestWith({ Cookie: 'herald_refresh=hrt_r' }), undefined)).toBeUndefined();
  });

  it('when other cookies surround it, then the refresh cookie is found by its exact name, and a body token wins over it', () => {
    const cookie = new BrowserSessionCookie('https://herald.example.com');
    const req = requestWith({
      'X-Herald-Session': 'cookie',
      Cookie: 'xherald_refresh=no; theme=dark;  herald_refresh=hrt_mine ; herald_refresh_old=no',
    });
    expect(cookie.presented(req, undefined)).toBe('hrt_mine');
    expect(cookie.presented(req, 'hrt_body')).toBe('hrt_body');
    expect(cookie.presented(requestWith({ 'X-Herald-Session': 'cookie', Cookie: 'herald_refresh=' }), undefined)).toBeUndefined();
  });
});
