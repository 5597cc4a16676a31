/**
 * Plays the person's browser through an OAuth redirect chain: follows every redirect with a
 * cookie jar (the provider's login interaction needs its cookies) and stops at the first
 * location under `stopAt` without requesting it, or at the first answer that is not a redirect.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  async follow(start: string, stopAt: string, maxHops = 20): Promise<URL> {
    let url = new URL(start);
    for (let hop = 0; hop < maxHops; hop++) {
      if (url.href.startsWith(stopAt)) return url;
      const res = await fetch(url, { redirect: 'manual', headers: this.cookieHeader(url) });
      this.remember(url, res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (res.status < 300 || res.status > 399 || !location) {
        throw new Error(`${url.href} answered ${res.status} ${await res.text()} before reaching ${stopAt}`);
      }
      url = new URL(location, url);
    }
    throw new Error(`more than ${maxHops} redirects from ${start}`);
  }

  private cookieHeader(url: URL): Record<string, string> {
    const pairs = [...this.cookies].filter(([k]) => k.startsWith(`${url.host} `)).map(([k, v]) => `${k.split(' ')[1]}=${v}`);
    return pairs.length ? { cookie: pairs.join('; ') } : {};
  }

  private remember(url: URL, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const key = `${url.host} ${name}`;
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(key);
      else this.cookies.set(key, value);
    }
  }
}
