import { randomUUID } from 'node:crypto';
import { UnsubscribeTokens } from '@herald/secrets';
import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';

const f = useSystem();
const http = () => f.http();
const anAddress = () => `reader-${randomUUID().slice(0, 8)}@example.com`;

/** The token the email worker would put in this recipient's link (same key as the api's). */
const tokenFor = (projectId: string, recipient: string, category = 'marketing') =>
  new UnsubscribeTokens(f.config.unsubscribeKey).sign({ projectId, recipient, category });

const oneClick = (token: string, body = 'List-Unsubscribe=One-Click') =>
  http().post('/api/v1/unsubscribe').query({ token }).type('form').send(body);

async function optOutsOf(key: string, recipient: string): Promise<Array<Record<string, unknown>>> {
  const list = await http().get('/api/v1/suppressions').set('X-API-Key', key);
  return list.body.items.filter((s: { recipient: string }) => s.recipient === recipient);
}

beforeAll(async () => {
  await http().post('/api/v1/categories').set('X-API-Key', f.key).send({ name: 'marketing', description: 'News and offers' });
});

describe('the unsubscribe link', () => {
  it('when a valid link is posted twice, then one suppression of its category exists, made by the recipient', async () => {
    const to = anAddress();
    expect((await oneClick(tokenFor(f.project.project_id, to))).status).toBe(200);
    expect((await oneClick(tokenFor(f.project.project_id, to))).status).toBe(200);
    expect(await optOutsOf(f.key, to)).toEqual([
      expect.objectContaining({ channel: 'email', category: 'marketing', reason: 'unsubscribed', source: 'recipient' }),
    ]);
  });

  it('when the token is altered, signed with another key, or names a project that is gone, then 404 and nothing is suppressed', async () => {
    const to = anAddress();
    const token = tokenFor(f.project.project_id, to);
    const [version, , mac] = token.split('.');
    const victim = anAddress();
    const otherRecipient = Buffer.from(JSON.stringify([f.project.project_id, 'marketing', victim])).toString('base64url');
    const foreign = new UnsubscribeTokens(Buffer.alloc(32, 42)).sign({
      projectId: f.project.project_id,
      recipient: to,
      category: 'marketing',
    });
    const goneProject = tokenFor(randomUUID(), to);

    for (const bad of [`${version}.${otherRecipient}.${mac}`, foreign, `${token}x`, 'u1.e30.AAAA', goneProject]) {
      const posted = await oneClick(bad);
      expect([bad, posted.status]).toEqual([bad, 404]);
      expect(posted.body).toEqual({ detail: 'this unsubscribe link is not valid' });
      const page = await http().get('/api/v1/unsubscribe').query({ token: bad });
      expect(page.status).toBe(404);
      expect(page.text).toContain('This link is not valid');
      expect(page.text).not.toContain(to);
    }
    expect(await optOutsOf(f.key, to)).toEqual([]);
    expect(await optOutsOf(f.key, victim)).toEqual([]);
  });

  it("when a link of one project is used, then another project's suppression list is untouched", async () => {
    const other = await aProject(f.system.api.db, f.config);
    const to = anAddress();
    expect((await oneClick(tokenFor(f.project.project_id, to))).status).toBe(200);
    expect(await optOutsOf(other.api_key, to)).toEqual([]);
  });

  it('when the one-click body is wrong, too large or not a form, then 422, 413 or 415 and nothing is suppressed', async () => {
    const to = anAddress();
    const token = tokenFor(f.project.project_id, to);
    const wrong = await oneClick(token, 'List-Unsubscribe=Maybe');
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].loc).toEqual(['body', 'List-Unsubscribe']);
    expect((await oneClick(token, `List-Unsubscribe=One-Click&x=${'a'.repeat(2000)}`)).status).toBe(413);
    const xml = await http().post('/api/v1/unsubscribe').query({ token }).set('Content-Type', 'application/xml').send('<x/>');
    expect(xml.status).toBe(415);
    expect(
      (
        await http()
          .post('/api/v1/unsubscribe')
          .query({ token: 'x'.repeat(1025) })
          .type('form')
          .send('List-Unsubscribe=One-Click')
      ).status,
    ).toBe(422);
    expect(await optOutsOf(f.key, to)).toEqual([]);
  });

  it('when the page is opened, then it is HTML under a strict content security policy, kept out of caches and referrers', async () => {
    const to = anAddress();
    const page = await http()
      .get('/api/v1/unsubscribe')
      .query({ token: tokenFor(f.project.project_id, to) });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'; frame-ancestors 'none'/,
    );
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain(to);
    expect(page.text).not.toMatch(/<script/i);
  });

  it('when a category description holds markup, then the page shows it as text', async () => {
    const { api_key: key, project_id: projectId } = await aProject(f.system.api.db, f.config);
    await http()
      .post('/api/v1/categories')
      .set('X-API-Key', key)
      .send({ name: 'offers', description: '<img src=x onerror=alert(1)> & more' });
    const page = await http()
      .get('/api/v1/unsubscribe')
      .query({ token: tokenFor(projectId, anAddress(), 'offers') });
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(page.text).not.toContain('<img');
  });
});
