import { randomUUID } from 'node:crypto';
import { aSession } from '../auth/sign-in.support';
import { useSystem } from '../../support/system-fixture';
import { anAdministrator } from './admin.support';

const f = useSystem();
const http = () => f.http();

async function anAccountWithCredential(permissions: string[]) {
  const admin = await anAdministrator(f.system.api.db, ['system_accounts:read', 'system_accounts:write', ...permissions]);
  const account = await http().post('/api/v1/admin/system-accounts').set(admin.auth).send({ name: 'ci robot', permissions });
  expect(account.status).toBe(201);
  const credential = await http().post(`/api/v1/admin/system-accounts/${account.body.id}/credentials`).set(admin.auth).send({});
  expect(credential.status).toBe(201);
  return { admin, account: account.body, credential: credential.body, bearer: { Authorization: `Bearer ${credential.body.secret}` } };
}

describe('system accounts', () => {
  it("when a system account's credential is used on /admin, then it carries exactly the account's permissions", async () => {
    const { bearer } = await anAccountWithCredential(['health:read', 'api_keys:read']);
    expect((await http().get('/api/v1/admin/health').set(bearer)).status).toBe(200);
    expect((await http().get('/api/v1/admin/api-keys').set(bearer)).status).toBe(200);
    const refused = await http().get('/api/v1/admin/administrators').set(bearer);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch('administrators:read');
  });

  it("when a system account's credential is used on the organization or project plane, then it is refused with 401", async () => {
    const { bearer } = await anAccountWithCredential(['health:read']);
    const owner = await aSession(f.system.api.db, f.config, `org-${randomUUID().slice(0, 8)}@example.com`);
    expect((await http().get('/api/v1/organizations').set(bearer)).status).toBe(401);
    expect((await http().get(`/api/v1/organizations/${owner.organization_id}`).set(bearer)).status).toBe(401);
    expect((await http().get(`/api/v1/projects/${owner.project_id}/api-keys`).set(bearer)).status).toBe(401);
    expect((await http().get('/api/v1/events').set('X-API-Key', bearer.Authorization.slice(7))).status).toBe(401);
  });

  it('when the credential is deleted, then it stops working at once, and the secret is never shown again', async () => {
    const { admin, account, credential, bearer } = await anAccountWithCredential(['health:read']);
    expect(credential.secret).toMatch(/^hsa_/);
    const listed = await http().get(`/api/v1/admin/system-accounts/${account.id}/credentials`).set(admin.auth);
    expect(listed.body).toEqual({
      items: [{ id: credential.id, created_at: credential.created_at, expires_at: null }],
      total: 1,
      page: 1,
      per_page: 25,
      total_pages: 1,
    });
    expect(JSON.stringify(listed.body)).not.toContain(credential.secret);
    const { rows } = await f.system.api.db.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM system_account_credentials WHERE id = $1',
      [credential.id],
    );
    expect(rows[0].secret_hash).not.toContain(credential.secret);

    expect((await http().delete(`/api/v1/admin/system-accounts/${account.id}/credentials/${credential.id}`).set(admin.auth)).status).toBe(
      204,
    );
    expect((await http().get('/api/v1/admin/health').set(bearer)).status).toBe(401);
  });

  it("when an account's credentials are listed with page and per_page, then they come oldest first in the pagination envelope", async () => {
    const { admin, account, credential } = await anAccountWithCredential(['health:read']);
    const path = `/api/v1/admin/system-accounts/${account.id}/credentials`;
    const second = await http().post(path).set(admin.auth).send({});
    const third = await http().post(path).set(admin.auth).send({});
    const first = await http().get(`${path}?page=1&per_page=2`).set(admin.auth);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, per_page: 2, total_pages: 2 });
    expect(first.body.items.map((c: { id: string }) => c.id)).toEqual([credential.id, second.body.id]);
    const last = await http().get(`${path}?page=2&per_page=2`).set(admin.auth);
    expect(last.body).toMatchObject({ total: 3, page: 2, per_page: 2, total_pages: 2 });
    expect(last.body.items.map((c: { id: string }) => c.id)).toEqual([third.body.id]);
    expect(JSON.stringify([first.body, last.body])).not.toMatch(/hsa_/);
    expect((await http().get(`${path}?per_page=101`).set(admin.auth)).status).toBe(422);
  });

  it('when the account is deleted, then its credentials stop working', async () => {
    const { admin, account, bearer } = await anAccountWithCredential(['health:read']);
    expect((await http().get('/api/v1/admin/health').set(bearer)).status).toBe(200);
    expect((await http().delete(`/api/v1/admin/system-accounts/${account.id}`).set(admin.auth)).status).toBe(204);
    expect((await http().get('/api/v1/admin/health').set(bearer)).status).toBe(401);
    expect((await http().get(`/api/v1/admin/system-accounts/${account.id}`).set(admin.auth)).status).toBe(404);
  });

  it('when an administrator gives an account a permission they lack, then it is 403 and nothing is written', async () => {
    const admin = await anAdministrator(f.system.api.db, ['system_accounts:read', 'system_accounts:write']);
    const name = `greedy-${randomUUID().slice(0, 8)}`;
    const res = await http()
      .post('/api/v1/admin/system-accounts')
      .set(admin.auth)
      .send({ name, permissions: ['administrators:write'] });
    expect(res.status).toBe(403);
    expect((await f.system.api.db.query('SELECT 1 FROM system_accounts WHERE name = $1', [name])).rows).toEqual([]);
    const made = await http().post('/api/v1/admin/system-accounts').set(admin.auth).send({ name, permissions: [] });
    const widened = await http()
      .patch(`/api/v1/admin/system-accounts/${made.body.id}`)
      .set(admin.auth)
      .send({ permissions: ['health:read'] });
    expect(widened.status).toBe(403);
  });

  it('when a system account acts, then the audit log names it as actor and never holds a secret', async () => {
    const { admin, account, credential, bearer } = await anAccountWithCredential(['system_accounts:write', 'system_accounts:read']);
    const made = await http()
      .post('/api/v1/admin/system-accounts')
      .set(bearer)
      .send({ name: 'child', permissions: ['system_accounts:read'] });
    expect(made.status).toBe(201);
    const { rows } = await f.system.api.db.query<{
      action: string;
      actor_user_id: string | null;
      actor_system_account_id: string | null;
      metadata: object;
    }>(
      `SELECT action, actor_user_id, actor_system_account_id, metadata FROM audit_log
       WHERE metadata->>'target_id' IN ($1, $2) ORDER BY created_at, id`,
      [account.id, made.body.id],
    );
    expect(rows.map((r) => [r.action, r.actor_user_id, r.actor_system_account_id])).toEqual([
      ['system_account.created', admin.user_id, null],
      ['system_account.credential_created', admin.user_id, null],
      ['system_account.created', null, account.id],
    ]);
    expect(JSON.stringify(rows)).not.toContain(credential.secret);
  });

  it('when a credential is asked to expire in the past, then it is 422 naming expires_at', async () => {
    const admin = await anAdministrator(f.system.api.db, ['system_accounts:write']);
    const made = await http().post('/api/v1/admin/system-accounts').set(admin.auth).send({ name: 'x', permissions: [] });
    const res = await http()
      .post(`/api/v1/admin/system-accounts/${made.body.id}/credentials`)
      .set(admin.auth)
      .send({ expires_at: '2000-01-01T00:00:00Z' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'expires_at']);
  });

  it('when a credential is given an expiry, then it is created and listed with that expiry', async () => {
    const admin = await anAdministrator(f.system.api.db, ['system_accounts:read', 'system_accounts:write']);
    const made = await http().post('/api/v1/admin/system-accounts').set(admin.auth).send({ name: 'expiring', permissions: [] });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await http()
      .post(`/api/v1/admin/system-accounts/${made.body.id}/credentials`)
      .set(admin.auth)
      .send({ expires_at: expiresAt });
    expect(res.status).toBe(201);
    expect(res.body.expires_at).toBe(expiresAt);
    const listed = await http().get(`/api/v1/admin/system-accounts/${made.body.id}/credentials`).set(admin.auth);
    expect(listed.body.items.map((c: { expires_at: string }) => c.expires_at)).toEqual([expiresAt]);
  });
});
