import { randomUUID } from 'node:crypto';
import { aSession } from '../auth/sign-in.support';
import { eventually } from '../../support/eventually';
import { useSystem } from '../../support/system-fixture';
import { anAdministrator } from './admin.support';

const f = useSystem();
const http = () => f.http();

describe('API keys across the platform', () => {
  it('when a leaked secret is looked up, then its key is found without any secret, and revoking it makes the project plane refuse it', async () => {
    const victim = await aSession(f.system.api.db, f.config, `leak-${randomUUID().slice(0, 8)}@example.com`);
    const admin = await anAdministrator(f.system.api.db, ['api_keys:read', 'api_keys:write']);
    expect((await http().get('/api/v1/events').set('X-API-Key', victim.api_key)).status).toBe(200);

    const found = await http().post('/api/v1/admin/api-keys/lookup').set(admin.auth).send({ key: victim.api_key });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      id: victim.api_key_id,
      project_id: victim.project_id,
      organization_id: victim.organization_id,
      status: 'active',
    });
    expect(JSON.stringify(found.body)).not.toContain(victim.api_key);
    expect(found.body).not.toHaveProperty('key_hash');

    const revoked = await http().post(`/api/v1/admin/api-keys/${victim.api_key_id}/revoke`).set(admin.auth);
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    await eventually(async () => expect((await http().get('/api/v1/events').set('X-API-Key', victim.api_key)).status).toBe(401));

    // Still found once revoked: a leak report comes in after the fact too.
    expect((await http().post('/api/v1/admin/api-keys/lookup').set(admin.auth).send({ key: victim.api_key })).body.status).toBe('revoked');
    const { rows } = await f.system.api.db.query<{ actor_user_id: string; organization_id: string; project_id: string; metadata: object }>(
      `SELECT actor_user_id, organization_id, project_id, metadata FROM audit_log WHERE action = 'api_key.revoked' AND metadata->>'target_id' = $1`,
      [victim.api_key_id],
    );
    expect(rows).toEqual([
      {
        actor_user_id: admin.user_id,
        organization_id: victim.organization_id,
        project_id: victim.project_id,
        metadata: { target_id: victim.api_key_id },
      },
    ]);
  });

  it('when a secret matches no key, then the lookup is 404', async () => {
    const admin = await anAdministrator(f.system.api.db, ['api_keys:read']);
    const res = await http().post('/api/v1/admin/api-keys/lookup').set(admin.auth).send({ key: 'hk_not-a-real-key' });
    expect(res.status).toBe(404);
  });

  it('when keys are listed with filters, then only matching keys of any project come back, without secrets', async () => {
    const a = await aSession(f.system.api.db, f.config, `list-${randomUUID().slice(0, 8)}@example.com`);
    const admin = await anAdministrator(f.system.api.db, ['api_keys:read', 'api_keys:write']);
    const byProject = await http().get(`/api/v1/admin/api-keys?project_id=${a.project_id}`).set(admin.auth);
    expect(byProject.body.items.map((k: { id: string }) => k.id)).toEqual([a.api_key_id]);
    const byOrg = await http().get(`/api/v1/admin/api-keys?organization_id=${a.organization_id}&status=active`).set(admin.auth);
    expect(byOrg.body.total).toBe(1);
    const byPrefix = await http()
      .get(`/api/v1/admin/api-keys?prefix=${encodeURIComponent(a.api_key.slice(0, 10))}`)
      .set(admin.auth);
    expect(byPrefix.body.items.map((k: { id: string }) => k.id)).toContain(a.api_key_id);
    expect(JSON.stringify(byPrefix.body)).not.toContain(a.api_key);
    await http().post(`/api/v1/admin/api-keys/${a.api_key_id}/revoke`).set(admin.auth);
    const active = await http().get(`/api/v1/admin/api-keys?project_id=${a.project_id}&status=active`).set(admin.auth);
    expect(active.body.total).toBe(0);
    expect((await http().get(`/api/v1/admin/api-keys/${randomUUID()}`).set(admin.auth)).status).toBe(404);
  });
});
