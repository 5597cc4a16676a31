/**
 * OAUTH_REDIRECT_ALLOWLIST: where Herald may send a one-time code. An entry is a URL prefix,
 * compared as a URL, not as text: same scheme, host and port, and a path that equals the entry's
 * or continues it after a `/` (so `https://app.example.com/cb` allows `/cb` and `/cb/x`, never
 * `https://app.example.com.evil.net` nor `/cbx`). Credentials and fragments are refused.
 */
export class RedirectAllowlist {
  private readonly prefixes: URL[];

  constructor(entries: string[]) {
    this.prefixes = entries.map((e) => new URL(e));
  }

  allows(candidate: string): boolean {
    if (!URL.canParse(candidate)) return false;
    const url = new URL(candidate);
    if (url.username || url.password || url.hash || candidate.includes('#')) return false;
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    return this.prefixes.some((prefix) => url.origin === prefix.origin && underPath(url.pathname, prefix.pathname));
  }
}

function underPath(path: string, prefix: string): boolean {
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return path === prefix || path.startsWith(base);
}
