import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useSystem } from '../../support/system-fixture';

const f = useSystem();
const dist = path.resolve(__dirname, '../../../services/console/dist');
/** The console's entry script, as index.html names it. */
const entryScript = () =>
  /<script type="module" crossorigin src="\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))![1];

/** The nonce a page's policy allows for styles, and the one its meta tag hands to the console. */
function nonces(res: { headers: Record<string, string>; text: string }) {
  return {
    policy: /style-src 'self' 'nonce-([^']+)'/.exec(res.headers['content-security-policy'])?.[1],
    meta: /<meta name="csp-nonce" content="([^"]+)"/.exec(res.text)?.[1],
  };
}

describe('the api serves the console', () => {
  it('when a browser opens /, then it gets the console under a policy with no inline scripts, no framing and a fresh style nonce, never cached', async () => {
    const first = await f.http().get('/');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.text).toContain('<div id="root"></div>');
    const policy = first.headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const { policy: nonce, meta } = nonces(first);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(meta).toBe(nonce);
    expect(nonces(await f.http().get('/')).policy).not.toBe(nonce);
  });

  it('when a link from an email opens a console route, then the console answers it (the SPA routes itself)', async () => {
    for (const route of ['/auth/verify?token=abc', '/invitations/accept?token=abc', '/projects/x/events?status=failed', '/index.html']) {
      const res = await f.http().get(route);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain('__CSP_NONCE__');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('when the template preview frame is fetched, then it runs only its own script and may be framed by the console alone', async () => {
    const frame = await f.http().get('/preview-frame.html');
    expect(frame.status).toBe(200);
    const policy = frame.headers['content-security-policy'];
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('connect-src');
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('when a hashed asset is fetched, then it is cached for a year as immutable; a missing one is a 404, not the page', async () => {
    const asset = await f.http().get(`/assets/${entryScript()}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['access-control-allow-origin']).toBe('*');
    const missing = await f.http().get('/assets/index-missing.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<div id="root">');
  });

  it("when a path is the API's or the method is not a read, then the console stays out of it", async () => {
    const unknown = await f.http().get('/api/v1/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'not found' });
    expect(unknown.headers['content-security-policy']).toBeUndefined();
    const post = await f.http().post('/projects/x/events').send({});
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.headers['content-type']).toMatch(/json/);
  });
});
