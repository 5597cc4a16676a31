import { useSystem } from '../../support/system-fixture';
import { eventually } from '../../support/eventually';
import { anOrganization, bearer } from '../projects/members.support';

const f = useSystem();
const http = () => f.http();

async function orgWithDeveloper() {
  const org = await anOrganization(f.system.api.db, f.config);
  const developer = await org.member('developer');
  const keysPath = `/api/v1/projects/${org.project_id}/api-keys`;
  const create = (body: Record<string, unknown>) => http().post(keysPath).set(bearer(developer.token)).send(body);
  return { org, developer, keysPath, create };
}

describe('API keys of a project', () => {
  it('when a developer creates a key, then its secret is shown once and it calls the project plane with exactly its scopes', async () => {
    const { developer, keysPath, create } = await orgWithDeveloper();
    const created = await create({ name: 'ci', scopes: ['events:read'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'ci', scopes: ['events:read'], status: 'active', expires_at: null });
    expect(created.body.key).toMatch(/^hk_/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    expect((await http().get('/api/v1/events').set('X-API-Key', created.body.key)).status).toBe(200);
    expect((await http().get('/api/v1/templates').set('X-API-Key', created.body.key)).status).toBe(403);

    const one = await http().get(`${keysPath}/${created.body.id}`).set(bearer(developer.token));
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('key');
  });

  it('when a scope is unknown, then it is a 422 naming it', async () => {
    const { create } = await orgWithDeveloper();
    const res = await create({ name: 'x', scopes: ['events:read', 'everything:write'] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'scopes', 1]);
  });

  it('when expires_at is in the past, then it is a 422; when it passes, the key is refused and listed expired', async () => {
    const { developer, keysPath, create } = await orgWithDeveloper();
    expect((await create({ name: 'old', scopes: ['events:read'], expires_at: '2020-01-01T00:00:00Z' })).body.detail[0].loc).toEqual([
      'body',
      'expires_at',
    ]);
    const soon = await create({ name: 'soon', scopes: ['events:read'], expires_at: new Date(Date.now() + 1500).toISOString() });
    expect(soon.body.status).toBe('expiring');
    await eventually(async () => expect((await http().get('/api/v1/events').set('X-API-Key', soon.body.key)).status).toBe(401));
    const listed = await http().get(keysPath).set(bearer(developer.token));
    expect(listed.body.items.find((k: { id: string }) => k.id === soon.body.id).status).toBe('expired');
  });

  it('when a key is used, then the list shows its last use', async () => {
    const { org, keysPath } = await orgWithDeveloper();
    const viewer = await org.member('viewer');
    await http().get('/api/v1/events').set('X-API-Key', org.api_key);
    await eventually(async () => {
      const list = await http().get(keysPath).set(bearer(viewer.token));
      expect(list.status).toBe(200);
      const key = list.body.items.find((k: { id: string }) => k.id === org.api_key_id);
      expect(key.last_used_at).not.toBeNull();
      expect(key).not.toHaveProperty('key');
    });
  });

  it('when a developer narrows a key to other scopes, then the next request with it is refused the old ones', async () => {
    const { keysPath, developer, create } = await orgWithDeveloper();
    const key = (await create({ name: 'k', scopes: ['events:read'] })).body;
    expect((await http().get('/api/v1/events').set('X-API-Key', key.key)).status).toBe(200);
    const patched = await http()
      .patch(`${keysPath}/${key.id}`)
      .set(bearer(developer.token))
      .send({ name: 'renamed', scopes: ['templates:read'] });
    expect(patched.body).toMatchObject({ name: 'renamed', scopes: ['templates:read'] });
    expect((await http().get('/api/v1/events').set('X-API-Key', key.key)).status).toBe(403);
    expect((await http().get('/api/v1/templates').set('X-API-Key', key.key)).status).toBe(200);
  });

  it('when a key is rotated with a grace period, then both keys work, the old one is expiring, and a second rotation is a 409', async () => {
    const { keysPath, developer, create } = await orgWithDeveloper();
    const old = (await create({ name: 'svc', scopes: ['events:read'] })).body;
    const rotated = await http().post(`${keysPath}/${old.id}/rotate`).set(bearer(developer.token)).send({ grace_period_seconds: 3600 });
    expect(rotated.status).toBe(201);
    expect(rotated.body).toMatchObject({ name: 'svc', scopes: ['events:read'], replaces: { id: old.id } });
    expect(Date.parse(rotated.body.replaces.expires_at) - Date.now()).toBeGreaterThan(3500_000);
    for (const key of [old.key, rotated.body.key]) expect((await http().get('/api/v1/events').set('X-API-Key', key)).status).toBe(200);
    const oldNow = await http().get(`${keysPath}/${old.id}`).set(bearer(developer.token));
    expect(oldNow.body).toMatchObject({ status: 'expiring', replaced_by: rotated.body.id });
    expect((await http().post(`${keysPath}/${old.id}/rotate`).set(bearer(developer.token)).send({})).status).toBe(409);
  });

  it('when a key is rotated with no grace period, then the old key is refused at once and the new one works', async () => {
    const { keysPath, developer, create } = await orgWithDeveloper();
    const old = (await create({ name: 'svc', scopes: ['events:read'] })).body;
    const rotated = await http().post(`${keysPath}/${old.id}/rotate`).set(bearer(developer.token)).send({ grace_period_seconds: 0 });
    expect((await http().get('/api/v1/events').set('X-API-Key', old.key)).status).toBe(401);
    expect((await http().get('/api/v1/events').set('X-API-Key', rotated.body.key)).status).toBe(200);
  });

  it('when a developer revokes a key, then it is refused, listed revoked, and audited without its secret', async () => {
    const { org, keysPath, developer, create } = await orgWithDeveloper();
    const key = (await create({ name: 'leaked', scopes: ['events:read'] })).body;
    expect((await http().delete(`${keysPath}/${key.id}`).set(bearer(developer.token))).status).toBe(204);
    expect((await http().get('/api/v1/events').set('X-API-Key', key.key)).status).toBe(401);
    expect((await http().get(`${keysPath}/${key.id}`).set(bearer(developer.token))).body.status).toBe('revoked');
    const { rows } = await f.system.api.db.query<{ action: string; actor_user_id: string; metadata: unknown }>(
      `SELECT action, actor_user_id, metadata FROM audit_log WHERE organization_id = $1 AND action LIKE 'api_key.%' ORDER BY created_at`,
      [org.organization_id],
    );
    expect(rows.map((r) => r.action)).toEqual(['api_key.created', 'api_key.revoked']);
    expect(rows.every((r) => r.actor_user_id === developer.userId)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(key.key);
  });

  it('when a viewer tries to create, change, rotate or revoke a key, then it is a 403', async () => {
    const { org, keysPath } = await orgWithDeveloper();
    const viewer = await org.member('viewer');
    const as = bearer(viewer.token);
    expect(
      (
        await http()
          .post(keysPath)
          .set(as)
          .send({ name: 'x', scopes: ['events:read'] })
      ).status,
    ).toBe(403);
    expect((await http().patch(`${keysPath}/${org.api_key_id}`).set(as).send({ name: 'x' })).status).toBe(403);
    expect((await http().post(`${keysPath}/${org.api_key_id}/rotate`).set(as).send({})).status).toBe(403);
    expect((await http().delete(`${keysPath}/${org.api_key_id}`).set(as)).status).toBe(403);
  });

  it('when a key id belongs to another project, then it is a 404', async () => {
    const { keysPath, developer } = await orgWithDeveloper();
    expect((await http().get(`${keysPath}/${f.project.api_key_id}`).set(bearer(developer.token))).status).toBe(404);
    expect((await http().delete(`${keysPath}/${f.project.api_key_id}`).set(bearer(developer.token))).status).toBe(404);
  });
});
