import { randomUUID } from 'node:crypto';
import type { Test } from 'supertest';
import { builtInSystemTemplate } from '../../../services/api/src/system-templates/built-in-templates';
import { aSession } from '../auth/sign-in.support';
import { useSystem } from '../../support/system-fixture';
import { aSystemAccount, allBut, anAdministrator } from './admin.support';

const f = useSystem();
const http = () => f.http();

type Call = (auth: Record<string, string>) => Test;

// This file shares the database with files that read Herald's emails: a replacement identical to
// the built-in template is allowed through without changing what they receive.
const { subject, body, text_body } = builtInSystemTemplate('auth.magic_link');
const MAGIC_LINK = '/api/v1/admin/system-templates/auth.magic_link';

/**
 * Each /admin operation, with what it needs fresh for one call, and the answer a holder gets. A
 * target administrator or system account holds no more than the caller: acting on a stronger
 * one is a 403 of its own (stronger-accounts.test.ts).
 */
const OPERATIONS: Array<{ name: string; permission: string; ok: number; call: () => Promise<Call> }> = [
  { name: 'GET /admin/health', permission: 'health:read', ok: 200, call: async () => (a) => http().get('/api/v1/admin/health').set(a) },
  {
    name: 'GET /admin/administrators',
    permission: 'administrators:read',
    ok: 200,
    call: async () => (a) => http().get('/api/v1/admin/administrators').set(a),
  },
  {
    name: 'GET /admin/administrators/{id}',
    permission: 'administrators:read',
    ok: 200,
    call: async () => {
      const target = await anAdministrator(f.system.api.db, ['health:read']);
      return (a) => http().get(`/api/v1/admin/administrators/${target.administrator_id}`).set(a);
    },
  },
  {
    name: 'POST /admin/administrators',
    permission: 'administrators:write',
    ok: 201,
    call: async () => (a) =>
      http()
        .post('/api/v1/admin/administrators')
        .set(a)
        .send({ email: `new-${randomUUID().slice(0, 8)}@example.com`, permissions: [] }),
  },
  {
    name: 'PATCH /admin/administrators/{id}',
    permission: 'administrators:write',
    ok: 200,
    call: async () => {
      const target = await anAdministrator(f.system.api.db, ['administrators:write']);
      return (a) => http().patch(`/api/v1/admin/administrators/${target.administrator_id}`).set(a).send({ permissions: [] });
    },
  },
  {
    name: 'DELETE /admin/administrators/{id}',
    permission: 'administrators:write',
    ok: 204,
    call: async () => {
      const target = await anAdministrator(f.system.api.db, ['administrators:write']);
      return (a) => http().delete(`/api/v1/admin/administrators/${target.administrator_id}`).set(a);
    },
  },
  {
    name: 'GET /admin/api-keys',
    permission: 'api_keys:read',
    ok: 200,
    call: async () => (a) => http().get('/api/v1/admin/api-keys').set(a),
  },
  {
    name: 'GET /admin/api-keys/{id}',
    permission: 'api_keys:read',
    ok: 200,
    call: async () => (a) => http().get(`/api/v1/admin/api-keys/${f.project.api_key_id}`).set(a),
  },
  {
    name: 'POST /admin/api-keys/lookup',
    permission: 'api_keys:read',
    ok: 200,
    call: async () => (a) => http().post('/api/v1/admin/api-keys/lookup').set(a).send({ key: f.project.api_key }),
  },
  {
    name: 'POST /admin/api-keys/{id}/revoke',
    permission: 'api_keys:write',
    ok: 200,
    call: async () => {
      const victim = await aSession(f.system.api.db, f.config, `victim-${randomUUID().slice(0, 8)}@example.com`);
      return (a) => http().post(`/api/v1/admin/api-keys/${victim.api_key_id}/revoke`).set(a);
    },
  },
  {
    name: 'GET /admin/system-accounts',
    permission: 'system_accounts:read',
    ok: 200,
    call: async () => (a) => http().get('/api/v1/admin/system-accounts').set(a),
  },
  {
    name: 'POST /admin/system-accounts',
    permission: 'system_accounts:write',
    ok: 201,
    call: async () => (a) => http().post('/api/v1/admin/system-accounts').set(a).send({ name: 'ci', permissions: [] }),
  },
  {
    name: 'GET /admin/system-accounts/{id}',
    permission: 'system_accounts:read',
    ok: 200,
    call: async () => {
      const target = await aSystemAccount(f.system.api.db, ['health:read']);
      return (a) => http().get(`/api/v1/admin/system-accounts/${target.id}`).set(a);
    },
  },
  {
    name: 'PATCH /admin/system-accounts/{id}',
    permission: 'system_accounts:write',
    ok: 200,
    call: async () => {
      const target = await aSystemAccount(f.system.api.db, ['system_accounts:write']);
      return (a) => http().patch(`/api/v1/admin/system-accounts/${target.id}`).set(a).send({ name: 'renamed' });
    },
  },
  {
    name: 'DELETE /admin/system-accounts/{id}',
    permission: 'system_accounts:write',
    ok: 204,
    call: async () => {
      const target = await aSystemAccount(f.system.api.db, ['system_accounts:write']);
      return (a) => http().delete(`/api/v1/admin/system-accounts/${target.id}`).set(a);
    },
  },
  {
    name: 'POST /admin/system-accounts/{id}/credentials',
    permission: 'system_accounts:write',
    ok: 201,
    call: async () => {
      const target = await aSystemAccount(f.system.api.db, ['system_accounts:write']);
      return (a) => http().post(`/api/v1/admin/system-accounts/${target.id}/credentials`).set(a).send({});
    },
  },
  {
    name: 'GET /admin/system-accounts/{id}/credentials',
    permission: 'system_accounts:read',
    ok: 200,
    call: async () => {
      const target = await aSystemAccount(f.system.api.db, ['health:read']);
      return (a) => http().get(`/api/v1/admin/system-accounts/${target.id}/credentials`).set(a);
    },
  },
  {
    name: 'DELETE /admin/system-accounts/{id}/credentials/{credential_id}',
    permission: 'system_accounts:write',
    ok: 204,
    call: async () => {
      const target = await aSystemAccount(f.system.api.db, ['system_accounts:write']);
      const { rows } = await f.system.api.db.query<{ id: string }>(
        `INSERT INTO system_account_credentials (system_account_id, secret_hash) VALUES ($1, $2) RETURNING id`,
        [target.id, randomUUID()],
      );
      return (a) => http().delete(`/api/v1/admin/system-accounts/${target.id}/credentials/${rows[0].id}`).set(a);
    },
  },
  {
    name: 'GET /admin/audit-log',
    permission: 'audit_log:read',
    ok: 200,
    call: async () => (a) => http().get('/api/v1/admin/audit-log').set(a),
  },
  {
    name: 'GET /admin/usage',
    permission: 'usage:read',
    ok: 200,
    call: async () => (a) => http().get('/api/v1/admin/usage').set(a),
  },
  {
    name: 'GET /admin/system-templates',
    permission: 'system_templates:read',
    ok: 200,
    call: async () => (a) => http().get('/api/v1/admin/system-templates').set(a),
  },
  {
    name: 'GET /admin/system-templates/{name}',
    permission: 'system_templates:read',
    ok: 200,
    call: async () => (a) => http().get(MAGIC_LINK).set(a),
  },
  {
    name: 'POST /admin/system-templates/{name}/preview',
    permission: 'system_templates:read',
    ok: 200,
    call: async () => (a) => http().post(`${MAGIC_LINK}/preview`).set(a).send({}),
  },
  {
    name: 'PUT /admin/system-templates/{name}',
    permission: 'system_templates:write',
    ok: 200,
    call: async () => (a) => http().put(MAGIC_LINK).set(a).send({ subject, body, text_body }),
  },
  {
    name: 'DELETE /admin/system-templates/{name}',
    permission: 'system_templates:write',
    ok: 200,
    call: async () => (a) => http().delete(MAGIC_LINK).set(a),
  },
  {
    name: 'GET /admin/analytics',
    permission: 'analytics:read',
    ok: 200,
    call: async () => (a) => http().get('/api/v1/admin/analytics').set(a),
  },
];

describe('every /admin operation checks its x-required-permission', () => {
  it.each(OPERATIONS)('when an administrator without $permission calls $name, then it is refused with 403', async (op) => {
    const admin = await anAdministrator(f.system.api.db, allBut(op.permission));
    const res = await (await op.call())(admin.auth);
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(op.permission);
  });

  it.each(OPERATIONS)('when an administrator holding only $permission calls $name, then it is served', async (op) => {
    const admin = await anAdministrator(f.system.api.db, [op.permission]);
    const res = await (await op.call())(admin.auth);
    expect(res.status).toBe(op.ok);
  });

  it.each(OPERATIONS)('when a signed-in user who is no administrator calls $name, then it is refused with 403', async (op) => {
    const user = await aSession(f.system.api.db, f.config, `plain-${randomUUID().slice(0, 8)}@example.com`);
    const res = await (await op.call())({ Authorization: `Bearer ${user.access_token}` });
    expect(res.status).toBe(403);
  });

  it('when /admin is called without a bearer, or with a project API key, then it is 401', async () => {
    expect((await http().get('/api/v1/admin/health')).status).toBe(401);
    expect((await http().get('/api/v1/admin/health').set('X-API-Key', f.key)).status).toBe(401);
  });
});
