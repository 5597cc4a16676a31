import type { Response } from 'supertest';

/** The `herald_refresh` cookie an answer sets, parsed as a browser reads a Set-Cookie header. */
export interface SetRefreshCookie {
  value: string;
  /** Attribute names lower-cased; flags (HttpOnly, Secure) are `true`. */
  attributes: Record<string, string | true>;
  /** The header as sent. */
  raw: string;
}

export const REFRESH_COOKIE = 'herald_refresh';

/** Every Set-Cookie of the answer that names `herald_refresh` (a well-behaved answer sends at most one). */
export function refreshCookiesOf(res: Response): SetRefreshCookie[] {
  const header = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines
    .filter((line) => line.startsWith(`${REFRESH_COOKIE}=`))
    .map((raw) => {
      const [pair, ...rest] = raw.split(';').map((part) => part.trim());
      const attributes: Record<string, string | true> = {};
      for (const attribute of rest) {
        const at = attribute.indexOf('=');
        if (at < 0) attributes[attribute.toLowerCase()] = true;
        else attributes[attribute.slice(0, at).toLowerCase()] = attribute.slice(at + 1);
      }
      return { value: pair.slice(REFRESH_COOKIE.length + 1), attributes, raw };
    });
}

/** The one `herald_refresh` cookie the answer sets; fails the test when there is not exactly one. */
export function refreshCookieOf(res: Response): SetRefreshCookie {
  const cookies = refreshCookiesOf(res);
  expect(cookies).toHaveLength(1);
  return cookies[0];
}

/** What a browser keeping the cookie would send back. */
export const cookieHeader = (value: string) => ({ Cookie: `${REFRESH_COOKIE}=${value}` });

/** The request header that asks for a browser session. */
export const BROWSER_SESSION = { 'X-Herald-Session': 'cookie' };
