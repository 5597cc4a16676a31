import { randomUUID } from 'node:crypto';
import { useSystem } from '../../support/system-fixture';
import { ALL, anAdministrator } from './admin.support';

const f = useSystem();
const http = () => f.http();
const anEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe('administrators', () => {
  it('when an administrator adds someone by address, then that user exists, is listed, and sees the permissions on /auth/me', async () => {
    const admin = await anAdministrator(f.system.api.db, ALL);
    const email = anEmail('Ops');
    const created = await http()
      .post('/api/v1/admin/administrators')
      .set(admin.auth)
      .send({ email, permissions: ['health:read', 'api_keys:read', 'health:read'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: email.toLowerCase(), permissions: ['api_keys:read', 'health:read'] });

    const one = await http().get(`/api/v1/admin/administrators/${created.body.id}`).set(admin.auth);
    expect(one.body).toEqual(created.body);
    const list = await http().get('/api/v1/admin/administrators?per_page=100').set(admin.auth);
    expect(list.body.total).toBeGreaterThanOrEqual(2);

    const me = await http().get('/api/v1/auth/me').set(admin.auth);
    expect(me.body.admin_permissions.sort()).toEqual([...ALL].sort());

    const again = await http().post('/api/v1/admin/administrators').set(admin.auth).send({ email, permissions: [] });
    expect(again.status).toBe(409);
  });

  it('when an administrator grants a permission they do not hold, then it is 403 and nothing changes', async () => {
    const admin = await anAdministrator(f.system.api.db, ['administrators:write', 'administrators:read']);
    const email = anEmail('escalate');
    const post = await http()
      .post('/api/v1/admin/administrators')
      .set(admin.auth)
      .send({ email, permissions: ['api_keys:write'] });
    expect(post.status).toBe(403);
    expect(post.body.detail).toMatch(/api_keys:write/);
    const { rows } = await f.system.api.db.query('SELECT 1 FROM administrators a JOIN users u ON u.id = a.user_id WHERE u.email = $1', [
      email,
    ]);
    expect(rows).toHaveLength(0);

    const target = await anAdministrator(f.system.api.db, ['health:read']);
    const patch = await http()
      .patch(`/api/v1/admin/administrators/${target.administrator_id}`)
      .set(admin.auth)
      .send({ permissions: ['health:read', 'usage:read'] });
    expect(patch.status).toBe(403);
    expect((await http().get(`/api/v1/admin/administrators/${target.administrator_id}`).set(admin.auth)).body.permissions).toEqual([
      'health:read',
    ]);
  });

  it('when administrators change, then each change is audited with the acting user and its target, and a removed administrator is refused', async () => {
    const admin = await anAdministrator(f.system.api.db, ALL);
    const created = await http()
      .post('/api/v1/admin/administrators')
      .set(admin.auth)
      .send({ email: anEmail('audited'), permissions: ['health:read'] });
    await http().patch(`/api/v1/admin/administrators/${created.body.id}`).set(admin.auth).send({ permissions: [] });
    await http().delete(`/api/v1/admin/administrators/${created.body.id}`).set(admin.auth);
    const { rows } = await f.system.api.db.query<{ action: string; actor_user_id: string; metadata: Record<string, unknown> }>(
      `SELECT action, actor_user_id, metadata FROM audit_log WHERE metadata->>'target_id' = $1 ORDER BY created_at`,
      [created.body.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['administrator.created', 'administrator.updated', 'administrator.deleted']);
    expect(rows.every((r) => r.actor_user_id === admin.user_id && r.metadata.user_id === created.body.user_id)).toBe(true);

    const gone = await anAdministrator(f.system.api.db, ['health:read']);
    await http().delete(`/api/v1/admin/administrators/${gone.administrator_id}`).set(admin.auth);
    expect((await http().get('/api/v1/admin/health').set(gone.auth)).status).toBe(403);
  });
});

describe('platform health', () => {
  it('when an administrator asks, then the database, broker, every queue with depth and consumers, and the outbox backlog are shown', async () => {
    const admin = await anAdministrator(f.system.api.db, ['health:read']);
    const res = await http().get('/api/v1/admin/health').set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'healthy',
      database: 'ok',
      broker: 'ok',
      queue_driver: f.config.QUEUE_DRIVER,
      outbox: { backlog: expect.any(Number) },
    });
    const fanout = res.body.queues.find((q: { name: string }) => q.name === `${f.config.AMQP_NAMESPACE}fanout.events`);
    // The fan-out of this system consumes its queue.
    expect(fanout).toMatchObject({ messages: expect.any(Number), consumers: expect.any(Number) });
    expect(fanout.consumers).toBeGreaterThanOrEqual(1);
    expect(res.body.queues.map((q: { name: string }) => q.name)).toEqual(
      expect.arrayContaining([`${f.config.AMQP_NAMESPACE}email-worker.dlq`]),
    );
  });
});
