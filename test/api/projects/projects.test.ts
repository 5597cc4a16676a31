import { Client } from 'pg';
import { eventually } from '../../support/eventually';
import { useSystem } from '../../support/system-fixture';
import { anOrganization, bearer } from './members.support';

const f = useSystem();
const http = () => f.http();

async function auditOf(organizationId: string, action: string) {
  const { rows } = await f.system.api.db.query<{ project_id: string | null; actor_user_id: string; metadata: Record<string, unknown> }>(
    'SELECT project_id, actor_user_id, metadata FROM audit_log WHERE organization_id = $1 AND action = $2',
    [organizationId, action],
  );
  return rows;
}

/** One accepted event (a webhook to a closed port) in the project of `apiKey`. */
async function anEventOf(apiKey: string) {
  const posted = await http()
    .post('/api/v1/events')
    .set('X-API-Key', apiKey)
    .send({
      event_type: 'x',
      recipients: [{ channels: ['webhook'], webhook_url: 'http://127.0.0.1:9/hook' }],
      payload: {},
      inline: { html: '<p>x</p>' },
    });
  expect(posted.status).toBe(202);
  return posted;
}

describe('projects of an organization', () => {
  it('when an admin creates a project, then its signing secret is shown once and every member can read it without secrets', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const admin = await org.member('admin');
    const viewer = await org.member('viewer');
    const created = await http()
      .post(`/api/v1/organizations/${org.organization_id}/projects`)
      .set(bearer(admin.token))
      .send({ name: '  shop  ', description: 'the storefront' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ organization_id: org.organization_id, name: 'shop', description: 'the storefront' });
    expect(created.body.webhook_signing_secret).toMatch(/^whsec_/);

    const one = await http().get(`/api/v1/projects/${created.body.id}`).set(bearer(viewer.token));
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('webhook_signing_secret');
    const list = await http().get(`/api/v1/organizations/${org.organization_id}/projects`).set(bearer(viewer.token));
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: { name: string }) => p.name).sort()).toEqual(['default', 'shop']);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    const [entry] = await auditOf(org.organization_id, 'project.created');
    expect(entry).toMatchObject({ project_id: created.body.id, actor_user_id: admin.userId });
    expect(JSON.stringify(entry)).not.toContain(created.body.webhook_signing_secret);
  });

  it('when a name is taken in the organization, then creating or renaming to it is a 409', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const path = `/api/v1/organizations/${org.organization_id}/projects`;
    const other = await http().post(path).set(bearer(org.access_token)).send({ name: 'billing' });
    expect((await http().post(path).set(bearer(org.access_token)).send({ name: 'default' })).status).toBe(409);
    const rename = await http().patch(`/api/v1/projects/${other.body.id}`).set(bearer(org.access_token)).send({ name: 'default' });
    expect(rename.status).toBe(409);
  });

  it('when a developer or viewer tries to create, change or delete a project, then it is a 403; a non-member gets 404', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const developer = await org.member('developer');
    const stranger = await anOrganization(f.system.api.db, f.config);
    expect(
      (await http().post(`/api/v1/organizations/${org.organization_id}/projects`).set(bearer(developer.token)).send({ name: 'x' })).status,
    ).toBe(403);
    expect((await http().patch(`/api/v1/projects/${org.project_id}`).set(bearer(developer.token)).send({ name: 'x' })).status).toBe(403);
    expect((await http().delete(`/api/v1/projects/${org.project_id}`).set(bearer(developer.token))).status).toBe(403);
    expect((await http().get(`/api/v1/projects/${org.project_id}`).set(bearer(stranger.access_token))).status).toBe(404);
  });

  it('when an admin renames a project and clears its description, then the change is saved and audited', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const admin = await org.member('admin');
    await http().patch(`/api/v1/projects/${org.project_id}`).set(bearer(admin.token)).send({ description: 'temp' });
    const res = await http().patch(`/api/v1/projects/${org.project_id}`).set(bearer(admin.token)).send({ name: 'main', description: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'main', description: null });
    expect((await auditOf(org.organization_id, 'project.updated')).map((e) => e.metadata)).toContainEqual(
      expect.objectContaining({ name: 'main', description: null }),
    );
  });

  it('when the body is empty or names an unknown field, then it is a 422 naming it', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const res = await http()
      .post(`/api/v1/organizations/${org.organization_id}/projects`)
      .set(bearer(org.access_token))
      .send({ title: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(expect.arrayContaining(['body.name']));
  });

  it('when deleting a project deadlocks with another transaction, then the deletion runs again and succeeds', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const posted = await anEventOf(org.api_key);
    // Fan-out locks the event too: once it has, only this test's sessions contend for the rows.
    await eventually(async () => {
      const { rows } = await f.system.api.db.query('SELECT 1 FROM notifications WHERE event_id = $1', [posted.body.id]);
      expect(rows).toHaveLength(1);
    });
    const admin = await org.member('admin');
    const other = new Client({ connectionString: f.config.DATABASE_URL });
    await other.connect();
    try {
      // This session looks for deadlocks only after 10 s; the deletion's (1 s) finds it first and is the victim.
      await other.query(`SET deadlock_timeout = '10s'`);
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM events WHERE id = $1 FOR UPDATE', [posted.body.id]);
      const [{ pid }] = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      const deletion = http()
        .delete(`/api/v1/projects/${org.project_id}`)
        .set(bearer(admin.token))
        .then((r) => r);
      // The deletion holds the project's row and waits for the event's (this session's lock)...
      await eventually(
        async () => {
          // Asked outside `other`'s transaction, whose view of pg_stat_activity stays as it first read it.
          const { rows } = await f.system.api.db.query(
            `SELECT 1 FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid)) AND query LIKE 'DELETE FROM projects%'`,
            [pid],
          );
          expect(rows).toHaveLength(1);
        },
        5000,
        10,
      );
      // ...while this session, holding the event, asks for the project's: a cycle.
      await other.query('SELECT 1 FROM projects WHERE id = $1 FOR KEY SHARE', [org.project_id]);
      await other.query('COMMIT');
      expect((await deletion).status).toBe(204);
    } finally {
      await other.end();
    }
    expect((await http().get(`/api/v1/projects/${org.project_id}`).set(bearer(admin.token))).status).toBe(404);
  });

  it('when an admin deletes a project, then its key is refused at once and its data is gone', async () => {
    const org = await anOrganization(f.system.api.db, f.config);
    const posted = await anEventOf(org.api_key);
    const notificationsOf = async () =>
      (await f.system.api.db.query('SELECT 1 FROM notifications WHERE project_id = $1 OR event_id = $2', [org.project_id, posted.body.id]))
        .rows;
    await eventually(async () => expect(await notificationsOf()).toHaveLength(1));
    const admin = await org.member('admin');
    expect((await http().delete(`/api/v1/projects/${org.project_id}`).set(bearer(admin.token))).status).toBe(204);

    expect((await http().get('/api/v1/events').set('X-API-Key', org.api_key)).status).toBe(401);
    expect((await http().get(`/api/v1/projects/${org.project_id}`).set(bearer(admin.token))).status).toBe(404);
    const { rows } = await f.system.api.db.query('SELECT 1 FROM api_keys WHERE project_id = $1', [org.project_id]);
    expect(rows).toHaveLength(0);
    // Notifications go with their events (they have no key of their own to the project).
    expect(await notificationsOf()).toHaveLength(0);
    const [entry] = await auditOf(org.organization_id, 'project.deleted');
    expect(entry).toMatchObject({
      project_id: null,
      actor_user_id: admin.userId,
      metadata: expect.objectContaining({ project_id: org.project_id }),
    });
  });
});
