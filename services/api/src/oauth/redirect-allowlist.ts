/**
 * OAUTH_REDIRECT_ALLOWLIST: where Herald may send a one-time code. An entry is a URL prefix,
 * compared as a URL, not as text: same scheme, host and port, and a path that equals the entry's
 * or continues it after a `/` (so `https://app.example.com/cb` allows `/cb` and `/cb/x`, never
 * `https://app.example.com.evil.net` nor `/cbx`). Credentials and fragments are refused.
 *
 * The path is also refused when it could mean another path to whoever reads it next: a dot
 * segment (`/./`, `/../`, or `%2e` for a dot), an encoded separator (`%2f`, `%5c`, in any case,
 * also encoded twice) or a backslash. The WHATWG parser would resolve some of these and keep the
 * others, and the client's router or a proxy may decode `..%2f` into `../` after the check, so
 * `https://app.example.com/cb/..%2fevil` would leave the allowed prefix.
 */
export class RedirectAllowlist {
  private readonly prefixes: URL[];

  constructor(entries: string[]) {
    this.prefixes = entries.map((e) => new URL(e));
  }

  allows(candidate: string): boolean {
    const shape = SHAPE.exec(candidate);
    if (!shape || !URL.canParse(candidate) || ambiguousPath(shape[1] ?? '')) return false;
    const url = new URL(candidate);
    if (url.username || url.password || url.hash) return false;
    return this.prefixes.some((prefix) => url.origin === prefix.origin && underPath(url.pathname, prefix.pathname));
  }
}

/**
 * http(s), `//`, an authority, then path and query, written out: no fragment, no backslash, no
 * whitespace or control characters (the URL parser drops tabs and newlines, which could join a dot
 * segment back together). The first group is the path as written.
 */
// eslint-disable-next-line no-control-regex
const SHAPE = /^https?:\/\/[^/?#\\\s\u0000-\u001f\u007f]+(\/[^?#\\\s\u0000-\u001f\u007f]*)?(\?[^#\\\s\u0000-\u001f\u007f]*)?$/i;

const SEPARATOR = /%2f|%5c|\\/i;
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/** Decoded up to three times, since a proxy may decode once more than we expect; past that, or malformed, refused. */
function ambiguousPath(raw: string): boolean {
  let path = raw;
  for (let round = 0; round < 3; round++) {
    if (SEPARATOR.test(path) || path.split('/').some((segment) => DOT_SEGMENT.test(segment))) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return true;
    }
    if (decoded === path) return false;
    path = decoded;
  }
  return true;
}

function underPath(path: string, prefix: string): boolean {
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return path === prefix || path.startsWith(base);
}
