import { useSystem } from '../../support/system-fixture';
import { ALL, aSystemAccount, anAdministrator } from './admin.support';

const f = useSystem();
const http = () => f.http();
const db = () => f.system.api.db;

const SYSTEM_ACCOUNTS = ['system_accounts:read', 'system_accounts:write'];
const ADMINISTRATORS = ['administrators:read', 'administrators:write'];

async function credentialCount(accountId: string): Promise<number> {
  const { rows } = await db().query<{ n: string }>('SELECT count(*) AS n FROM system_account_credentials WHERE system_account_id = $1', [
    accountId,
  ]);
  return Number(rows[0].n);
}

describe('no administrator widens its own power through a system account', () => {
  it('when an administrator holding only system_accounts:* asks for a credential of a full system account, then it is 403 and none is made', async () => {
    const weak = await anAdministrator(db(), SYSTEM_ACCOUNTS);
    const full = await aSystemAccount(db(), ALL);
    const res = await http().post(`/api/v1/admin/system-accounts/${full.id}/credentials`).set(weak.auth).send({});
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch('administrators:write');
    expect(res.body).not.toHaveProperty('secret');
    expect(await credentialCount(full.id)).toBe(0);
    // The escalation that credential would have opened: the weak administrator still cannot widen itself.
    const widen = await http().patch(`/api/v1/admin/administrators/${weak.administrator_id}`).set(weak.auth).send({ permissions: ALL });
    expect(widen.status).toBe(403);
    const me = await http().get('/api/v1/auth/me').set(weak.auth);
    expect(me.body.admin_permissions.sort()).toEqual([...SYSTEM_ACCOUNTS].sort());
  });

  it('when it renames or deletes a stronger system account, then it is 403 and the account is unchanged', async () => {
    const weak = await anAdministrator(db(), SYSTEM_ACCOUNTS);
    const full = await aSystemAccount(db(), ALL);
    const rename = await http().patch(`/api/v1/admin/system-accounts/${full.id}`).set(weak.auth).send({ name: 'mine now' });
    expect(rename.status).toBe(403);
    const strip = await http()
      .patch(`/api/v1/admin/system-accounts/${full.id}`)
      .set(weak.auth)
      .send({ permissions: ['health:read'] });
    expect(strip.status).toBe(403);
    const remove = await http().delete(`/api/v1/admin/system-accounts/${full.id}`).set(weak.auth);
    expect(remove.status).toBe(403);
    const after = await http().get(`/api/v1/admin/system-accounts/${full.id}`).set(weak.auth);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ name: full.name, permissions: full.permissions });
  });

  it("when it revokes a stronger system account's credential, then it is 403 and the credential keeps working", async () => {
    const root = await anAdministrator(db(), ALL);
    const full = await aSystemAccount(db(), ALL);
    const credential = await http().post(`/api/v1/admin/system-accounts/${full.id}/credentials`).set(root.auth).send({});
    expect(credential.status).toBe(201);
    const weak = await anAdministrator(db(), SYSTEM_ACCOUNTS);
    const revoke = await http().delete(`/api/v1/admin/system-accounts/${full.id}/credentials/${credential.body.id}`).set(weak.auth);
    expect(revoke.status).toBe(403);
    expect(
      (
        await http()
          .get('/api/v1/admin/health')
          .set({ Authorization: `Bearer ${credential.body.secret}` })
      ).status,
    ).toBe(200);
  });

  it('when the caller holds every permission of the account, then it may issue and revoke credentials, rename and delete it', async () => {
    const caller = await anAdministrator(db(), [...SYSTEM_ACCOUNTS, 'health:read']);
    const account = await aSystemAccount(db(), ['health:read', 'system_accounts:read']);
    const credential = await http().post(`/api/v1/admin/system-accounts/${account.id}/credentials`).set(caller.auth).send({});
    expect(credential.status).toBe(201);
    expect(
      (await http().delete(`/api/v1/admin/system-accounts/${account.id}/credentials/${credential.body.id}`).set(caller.auth)).status,
    ).toBe(204);
    const renamed = await http().patch(`/api/v1/admin/system-accounts/${account.id}`).set(caller.auth).send({ name: 'renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('renamed');
    expect((await http().delete(`/api/v1/admin/system-accounts/${account.id}`).set(caller.auth)).status).toBe(204);
  });

  it('when a system account acts on a stronger one with its own credential, then it is 403 as for an administrator', async () => {
    const root = await anAdministrator(db(), ALL);
    const robot = await aSystemAccount(db(), SYSTEM_ACCOUNTS);
    const own = await http().post(`/api/v1/admin/system-accounts/${robot.id}/credentials`).set(root.auth).send({});
    const bearer = { Authorization: `Bearer ${own.body.secret}` };
    const full = await aSystemAccount(db(), ALL);
    expect((await http().post(`/api/v1/admin/system-accounts/${full.id}/credentials`).set(bearer).send({})).status).toBe(403);
    expect(await credentialCount(full.id)).toBe(0);
    // Its own account it holds every permission of: another credential for itself is no widening.
    expect((await http().post(`/api/v1/admin/system-accounts/${robot.id}/credentials`).set(bearer).send({})).status).toBe(201);
  });
});

describe('no administrator strips or removes a stronger one', () => {
  it('when an administrator holding only administrators:* narrows a full administrator, then it is 403 and the target is unchanged', async () => {
    const weak = await anAdministrator(db(), ADMINISTRATORS);
    const full = await anAdministrator(db(), ALL);
    const strip = await http()
      .patch(`/api/v1/admin/administrators/${full.administrator_id}`)
      .set(weak.auth)
      .send({ permissions: ['health:read'] });
    expect(strip.status).toBe(403);
    expect(strip.body.detail).toMatch('system_accounts:write');
    const remove = await http().delete(`/api/v1/admin/administrators/${full.administrator_id}`).set(weak.auth);
    expect(remove.status).toBe(403);
    const after = await http().get(`/api/v1/admin/administrators/${full.administrator_id}`).set(weak.auth);
    expect(after.status).toBe(200);
    expect(after.body.permissions).toEqual([...ALL].sort());
    expect((await http().get('/api/v1/admin/health').set(full.auth)).status).toBe(200);
  });

  it('when the caller lacks a permission being taken away, then it is 403 even though the target holds nothing else', async () => {
    const weak = await anAdministrator(db(), ADMINISTRATORS);
    const target = await anAdministrator(db(), ['health:read']);
    const narrowed = await http().patch(`/api/v1/admin/administrators/${target.administrator_id}`).set(weak.auth).send({ permissions: [] });
    expect(narrowed.status).toBe(403);
    expect(narrowed.body.detail).toMatch('health:read');
    expect((await http().get('/api/v1/admin/health').set(target.auth)).status).toBe(200);
  });

  it('when the caller holds a superset, then it may narrow and remove the administrator', async () => {
    const caller = await anAdministrator(db(), [...ADMINISTRATORS, 'health:read', 'usage:read']);
    const target = await anAdministrator(db(), ['health:read', 'usage:read']);
    const narrowed = await http()
      .patch(`/api/v1/admin/administrators/${target.administrator_id}`)
      .set(caller.auth)
      .send({ permissions: ['usage:read'] });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.permissions).toEqual(['usage:read']);
    expect((await http().delete(`/api/v1/admin/administrators/${target.administrator_id}`).set(caller.auth)).status).toBe(204);
    expect((await http().get('/api/v1/admin/usage').set(target.auth)).status).toBe(403);
  });

  it('when an administrator changes itself, then it may drop permissions but not add one', async () => {
    const self = await anAdministrator(db(), [...ADMINISTRATORS, 'health:read']);
    const more = await http()
      .patch(`/api/v1/admin/administrators/${self.administrator_id}`)
      .set(self.auth)
      .send({ permissions: [...ADMINISTRATORS, 'health:read', 'usage:read'] });
    expect(more.status).toBe(403);
    const less = await http()
      .patch(`/api/v1/admin/administrators/${self.administrator_id}`)
      .set(self.auth)
      .send({ permissions: ADMINISTRATORS });
    expect(less.status).toBe(200);
    expect((await http().get('/api/v1/admin/health').set(self.auth)).status).toBe(403);
  });
});
