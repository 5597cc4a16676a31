import { randomUUID } from 'node:crypto';
import { UsageRepository } from '../../../services/api/src/usage/usage.repository';
import { aSession } from '../auth/sign-in.support';
import { useSystem } from '../../support/system-fixture';
import { anAdministrator } from './admin.support';

const f = useSystem();
const http = () => f.http();

/** One event in the project with notifications of these channel and status, created at `when`. */
async function anEventWith(projectId: string, when: Date, notifications: Array<[string, string]>): Promise<void> {
  const eventId = randomUUID();
  await f.system.api.db.query(
    `INSERT INTO events (id, project_id, event_type, status, payload, recipients, content, request_hash, recipient_count, notification_count, created_at)
     VALUES ($1, $2, 'stats', 'processing', '{}', '[]', '{}', 'test', $3, $3, $4)`,
    [eventId, projectId, notifications.length, when],
  );
  await f.system.api.db.query(
    `INSERT INTO notifications (project_id, event_id, recipient_index, channel, recipient, status, created_at)
     SELECT $1, $2, i - 1, c, 'r' || i, s, $5 FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS t(c, s, i)`,
    [projectId, eventId, notifications.map((n) => n[0]), notifications.map((n) => n[1]), when],
  );
}

describe('platform analytics, audit log and usage', () => {
  it('when analytics are asked for the platform or one organization, then they sum the projects they cover', async () => {
    const a = await aSession(f.system.api.db, f.config, `an-a-${randomUUID().slice(0, 8)}@example.com`);
    const b = await aSession(f.system.api.db, f.config, `an-b-${randomUUID().slice(0, 8)}@example.com`);
    const when = new Date('2025-03-01T10:15:00Z');
    await anEventWith(a.project_id, when, [
      ['email', 'delivered'],
      ['email', 'failed'],
    ]);
    await anEventWith(b.project_id, when, [['sms', 'delivered']]);
    // Whole hours are read from the hourly rollup, which the api folds every few seconds; fold now.
    await f.system.api.compactRollup();
    const admin = await anAdministrator(f.system.api.db, ['analytics:read']);
    const range = 'date_from=2025-03-01T00:00:00Z&date_to=2025-03-01T23:59:59Z';

    const all = await http().get(`/api/v1/admin/analytics?${range}`).set(admin.auth);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total_events: 2, total_notifications: 3 });
    expect(all.body.channel_breakdown.email).toEqual({ sent: 2, delivered: 1, failed: 1 });
    expect(all.body.channel_breakdown.sms).toEqual({ sent: 1, delivered: 1, failed: 0 });

    const orgB = await http().get(`/api/v1/admin/analytics?${range}&organization_id=${b.organization_id}`).set(admin.auth);
    expect(orgB.body).toMatchObject({ total_events: 1, total_notifications: 1, delivery_rate: 1 });
    const projectA = await http().get(`/api/v1/admin/analytics?${range}&project_id=${a.project_id}`).set(admin.auth);
    expect(projectA.body).toMatchObject({ total_events: 1, total_notifications: 2, delivery_rate: 0.5 });
    const nothing = await http().get(`/api/v1/admin/analytics?${range}&organization_id=${randomUUID()}`).set(admin.auth);
    expect(nothing.body).toMatchObject({ total_events: 0, total_notifications: 0 });
  });

  it('when the audit log is filtered by organization, project, action and actor type, then entries of every plane come back', async () => {
    const a = await aSession(f.system.api.db, f.config, `audit-${randomUUID().slice(0, 8)}@example.com`);
    const admin = await anAdministrator(f.system.api.db, ['audit_log:read', 'api_keys:write', 'system_accounts:write']);
    await http().post(`/api/v1/admin/api-keys/${a.api_key_id}/revoke`).set(admin.auth);
    const robot = await http().post('/api/v1/admin/system-accounts').set(admin.auth).send({ name: 'r', permissions: [] });

    const byProject = await http().get(`/api/v1/admin/audit-log?project_id=${a.project_id}&action=api_key.revoked`).set(admin.auth);
    expect(byProject.status).toBe(200);
    expect(byProject.body.items).toEqual([
      expect.objectContaining({
        action: 'api_key.revoked',
        actor_type: 'user',
        actor_user_id: admin.user_id,
        organization_id: a.organization_id,
        project_id: a.project_id,
      }),
    ]);
    const byOrg = await http().get(`/api/v1/admin/audit-log?organization_id=${a.organization_id}`).set(admin.auth);
    expect(byOrg.body.items.map((e: { action: string }) => e.action)).toContain('api_key.revoked');
    expect(byOrg.body.items.every((e: { action: string }) => e.action !== 'system_account.created')).toBe(true);

    const platform = await http().get('/api/v1/admin/audit-log?action=system_account.created&actor_type=user').set(admin.auth);
    expect(platform.body.items.map((e: { metadata: { target_id: string } }) => e.metadata.target_id)).toContain(robot.body.id);
    const none = await http().get('/api/v1/admin/audit-log?action=system_account.created&actor_type=api_key').set(admin.auth);
    expect(none.body.total).toBe(0);
    expect((await http().get('/api/v1/admin/audit-log?actor_type=robot').set(admin.auth)).status).toBe(422);
  });

  it('when usage is listed, then rows of every organization come back with their organization, and filters narrow them', async () => {
    const a = await aSession(f.system.api.db, f.config, `usage-a-${randomUUID().slice(0, 8)}@example.com`);
    const b = await aSession(f.system.api.db, f.config, `usage-b-${randomUUID().slice(0, 8)}@example.com`);
    const hour = new Date('2026-01-05T10:00:00Z');
    await new UsageRepository(f.system.api.db).add([
      { projectId: a.project_id, hour, method: 'POST', endpoint: '/events', count: 3 },
      { projectId: a.project_id, hour, method: 'GET', endpoint: '/events', count: 2 },
      { projectId: b.project_id, hour, method: 'GET', endpoint: '/templates', count: 7 },
    ]);
    const admin = await anAdministrator(f.system.api.db, ['usage:read']);

    const all = await http().get('/api/v1/admin/usage?from=2026-01-05T10:30:00Z&to=2026-01-05T10:59:00Z').set(admin.auth);
    expect(all.status).toBe(200);
    const mine = all.body.items.filter((r: { project_id: string }) => [a.project_id, b.project_id].includes(r.project_id));
    expect(mine).toEqual(
      expect.arrayContaining([
        { hour: hour.toISOString(), organization_id: a.organization_id, project_id: a.project_id, endpoint: '/events', request_count: 5 },
        {
          hour: hour.toISOString(),
          organization_id: b.organization_id,
          project_id: b.project_id,
          endpoint: '/templates',
          request_count: 7,
        },
      ]),
    );
    const byOrg = await http().get(`/api/v1/admin/usage?organization_id=${b.organization_id}`).set(admin.auth);
    expect(byOrg.body.items).toEqual([
      { hour: hour.toISOString(), organization_id: b.organization_id, project_id: b.project_id, endpoint: '/templates', request_count: 7 },
    ]);
  });
});
