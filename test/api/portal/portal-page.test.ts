import { randomUUID } from 'node:crypto';
import { useSystem } from '../../support/system-fixture';

const f = useSystem();

const frameAncestors = (policy: string) => /(?:^|; )frame-ancestors ([^;]*)/.exec(policy)?.[1];

describe('the portal page', () => {
  it("when a project lists origins, then its portal page may be framed by exactly those, with no X-Frame-Options, and the console's policy otherwise", async () => {
    const put = await f
      .http()
      .put('/api/v1/portal-settings')
      .set('X-API-Key', f.key)
      .send({ allowed_origins: ['https://app.acme.example', 'http://localhost:8080'], theme: {} });
    expect(put.status).toBe(200);
    const page = await f.http().get(`/portal/${f.project.project_id}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('id="portal-root"');
    expect(page.text).not.toContain('__CSP_NONCE__');
    const policy = page.headers['content-security-policy'];
    expect(frameAncestors(policy)).toBe('https://app.acme.example http://localhost:8080');
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("connect-src 'self'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-cache');

    // The list is read on every load: emptying it closes the frame at once.
    await f.http().put('/api/v1/portal-settings').set('X-API-Key', f.key).send({ allowed_origins: [], theme: {} });
    expect(frameAncestors((await f.http().get(`/portal/${f.project.project_id}/`)).headers['content-security-policy'])).toBe("'none'");
  });

  it('when the id is no project (or not an id at all), then the same page answers, framed by nobody', async () => {
    for (const id of [randomUUID(), 'not-a-project']) {
      const page = await f.http().get(`/portal/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('id="portal-root"');
      expect(frameAncestors(page.headers['content-security-policy'])).toBe("'none'");
      expect(page.headers['x-frame-options']).toBeUndefined();
    }
  });

  it("when the console is opened, then it still may not be framed by anyone, whatever a project's portal allows", async () => {
    await f
      .http()
      .put('/api/v1/portal-settings')
      .set('X-API-Key', f.key)
      .send({ allowed_origins: ['https://app.acme.example'], theme: {} });
    const consolePage = await f.http().get(`/projects/${f.project.project_id}/consumers`);
    expect(frameAncestors(consolePage.headers['content-security-policy'])).toBe("'none'");
    expect(consolePage.headers['x-frame-options']).toBe('DENY');
  });
});
