import type { Request, Response } from 'express';
import { BASE_PATH } from '../http/base-path';

/** The request header that asks for a browser session; openapi.yaml allows only the value `cookie`. */
export const SESSION_MODE_HEADER = 'X-Herald-Session';
export const REFRESH_COOKIE = 'herald_refresh';
/** The browser sends the cookie only to /auth/refresh and /auth/logout, the two operations that read it. */
export const REFRESH_COOKIE_PATH = `${BASE_PATH}/auth`;

/** What an answer that signs someone in carries: the refresh token and how long it lives. */
interface IssuedRefresh {
  refresh_token: string;
  refresh_expires_in: number;
}

/**
 * Browser sessions (the console): the refresh token lives in an HttpOnly cookie that page scripts
 * cannot read, and the access token in the page's memory only. The cookie is SameSite=Strict and
 * is read only when the request also carries `X-Herald-Session: cookie`, a header a cross-site
 * form or navigation cannot set; together they keep other sites from spending it (CSRF).
 */
export class BrowserSessionCookie {
  private readonly secure: boolean;

  /** `Secure` whenever Herald is reached over https (PUBLIC_URL). */
  constructor(publicUrl: string) {
    this.secure = new URL(publicUrl).protocol === 'https:';
  }

  /** Whether the caller asked for a browser session. */
  requested(req: Request): boolean {
    return req.header(SESSION_MODE_HEADER) === 'cookie';
  }

  /**
   * The body of an answer that issues a token pair: in a browser session the refresh token is
   * set as the cookie (living as long as the token) and left out of the body.
   */
  hand<T extends IssuedRefresh>(req: Request, res: Response, issued: T): T | Omit<T, 'refresh_token'> {
    if (!this.requested(req)) return issued;
    const { refresh_token: token, ...body } = issued;
    this.set(res, token, issued.refresh_expires_in);
    return body;
  }

  /** The refresh token a request presents: the body's wins; the cookie counts only in a browser session. */
  presented(req: Request, bodyToken: string | undefined): string | undefined {
    if (bodyToken !== undefined) return bodyToken;
    return this.requested(req) ? cookieOf(req, REFRESH_COOKIE) : undefined;
  }

  /** Tells the browser to drop the cookie. */
  clear(res: Response): void {
    this.set(res, '', 0);
  }

  private set(res: Response, value: string, maxAgeS: number): void {
    const attributes = [`${REFRESH_COOKIE}=${value}`, `Max-Age=${maxAgeS}`, `Path=${REFRESH_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict'];
    if (this.secure) attributes.push('Secure');
    res.append('Set-Cookie', attributes.join('; '));
  }
}

/** One cookie's value from the Cookie header; tokens are URL-safe, so no decoding is needed. */
function cookieOf(req: Request, name: string): string | undefined {
  for (const pair of (req.header('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
