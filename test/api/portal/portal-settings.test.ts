import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';

const f = useSystem();
const put = (body: unknown) =>
  f
    .http()
    .put('/api/v1/portal-settings')
    .set('X-API-Key', f.key)
    .send(body as object);

describe('portal settings', () => {
  it('when a project has set none, then it reads no origins and no theme; once set, it reads them back, and the change is audited', async () => {
    const fresh = await f.http().get('/api/v1/portal-settings').set('X-API-Key', f.key);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ allowed_origins: [], theme: {} });
    const settings = {
      allowed_origins: ['https://app.acme.example', 'http://localhost:8080'],
      theme: {
        primary_color: '#0A7cff',
        background_color: '#ffffff',
        text_color: '#111111',
        border_radius_px: 24,
        font_family: "'Inter', sans-serif",
      },
    };
    const saved = await put(settings);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(settings);
    expect((await f.http().get('/api/v1/portal-settings').set('X-API-Key', f.key)).body).toEqual(settings);
    const audit = await f.http().get('/api/v1/audit-log?action=portal.settings_updated').set('X-API-Key', f.key);
    expect(audit.body.items[0].metadata).toMatchObject({ allowed_origins: settings.allowed_origins });
  });

  it('when an origin is not exactly an origin, then 422 names its index and nothing is stored', async () => {
    await put({ allowed_origins: ['https://kept.example'], theme: {} });
    for (const bad of [
      'https://app.example/',
      'https://app.example/portal',
      'https://app.example?x=1',
      'https://app.example#top',
      'https://user:pw@app.example',
      'ftp://app.example',
      'javascript:alert(1)',
      'https://*.example',
      "https://app.example 'unsafe-inline'",
      'https://app.example; script-src *',
      'app.example',
      'HTTPS://APP.EXAMPLE',
      'https://app.example:443',
      'https://app.example:99999',
    ]) {
      const res = await put({ allowed_origins: ['https://fine.example', bad], theme: {} });
      expect({ bad, status: res.status }).toEqual({ bad, status: 422 });
      expect(res.body.detail[0].loc).toEqual(['body', 'allowed_origins', 1]);
    }
    const many = await put({ allowed_origins: Array.from({ length: 21 }, (_, i) => `https://o${i}.example`), theme: {} });
    expect(many.status).toBe(422);
    expect(many.body.detail[0].loc).toEqual(['body', 'allowed_origins']);
    expect((await f.http().get('/api/v1/portal-settings').set('X-API-Key', f.key)).body.allowed_origins).toEqual(['https://kept.example']);
  });

  it('when a theme value is out of its rules or unknown, then 422 names it', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ primary_color: 'red' }, 'primary_color'],
      [{ background_color: '#fff' }, 'background_color'],
      [{ text_color: '#12345g' }, 'text_color'],
      [{ border_radius_px: 25 }, 'border_radius_px'],
      [{ border_radius_px: -1 }, 'border_radius_px'],
      [{ border_radius_px: 2.5 }, 'border_radius_px'],
      [{ font_family: 'Inter; color: red' }, 'font_family'],
      [{ font_family: 'url(https://evil.example/x)' }, 'font_family'],
      [{ font_family: 'x'.repeat(101) }, 'font_family'],
    ];
    for (const [theme, field] of cases) {
      const res = await put({ allowed_origins: [], theme });
      expect({ theme, status: res.status }).toEqual({ theme, status: 422 });
      expect(res.body.detail[0].loc).toEqual(['body', 'theme', field]);
    }
    const unknown = await put({ allowed_origins: [], theme: { logo_url: 'https://x.example/logo.png' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc[1]).toBe('theme');
  });

  it('when a key without consumers:write changes them, then 403', async () => {
    const readOnly = await aProject(f.system.api.db, f.config, ['consumers:read']);
    const res = await f.http().put('/api/v1/portal-settings').set('X-API-Key', readOnly.api_key).send({ allowed_origins: [], theme: {} });
    expect(res.status).toBe(403);
    expect((await f.http().get('/api/v1/portal-settings').set('X-API-Key', readOnly.api_key)).status).toBe(200);
  });
});
