import request from 'supertest';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { aProject } from '../../support/projects';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';

const config = testConfig();
let system: RunningSystem;

beforeAll(async () => {
  system = await startSystem(config);
});
afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));

async function auditOf(key: string, query = '') {
  const res = await http().get(`/api/v1/audit-log${query}`).set('X-API-Key', key);
  expect(res.status).toBe(200);
  return res.body;
}

describe('audit log', () => {
  it('when templates are created, replaced, updated and deleted, then each call leaves one entry with ids and field names, newest first', async () => {
    const p = await aProject(system.api.db, config);
    const created = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', p.api_key)
      .send({ name: 'welcome', channel: 'email', subject: 'Hi {{name}}', body: '<p>secret-ish content</p>' });
    const id = created.body.id;
    await http().put(`/api/v1/templates/${id}`).set('X-API-Key', p.api_key).send({ subject: 'Hello' }).expect(200);
    await http().put('/api/v1/templates/by-name/digest?channel=sms').set('X-API-Key', p.api_key).send({ body: 'x' }).expect(201);
    await http().delete(`/api/v1/templates/${id}`).set('X-API-Key', p.api_key).expect(204);

    const log = await auditOf(p.api_key);
    const entries = log.items.filter((e: { action: string }) => e.action.startsWith('template.'));
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'template.deleted',
      'template.upserted',
      'template.updated',
      'template.created',
    ]);
    for (const e of entries) expect(e.actor_api_key_id).toBe(p.api_key_id);
    expect(entries[3].metadata).toEqual({
      target_id: id,
      fields: ['body', 'channel', 'name', 'subject'],
      name: 'welcome',
      channel: 'email',
    });
    expect(entries[2].metadata).toEqual({ target_id: id, fields: ['subject'] });
    expect(entries[1].metadata).toEqual({ target_id: expect.any(String), name: 'digest', fields: ['body'], channel: 'sms' });
    expect(entries[0].metadata).toEqual({ target_id: id });
    expect(JSON.stringify(log)).not.toMatch(/secret-ish|Hi \{\{name\}\}/);
  });

  it('when suppressions are added and removed, then the entries hold the channel but never the address', async () => {
    const p = await aProject(system.api.db, config);
    const added = await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', p.api_key)
      .send({ channel: 'email', recipient: 'Private.Person@example.com', reason: 'manual' });
    await http().delete(`/api/v1/suppressions/${added.body.id}`).set('X-API-Key', p.api_key).expect(204);

    const log = await auditOf(p.api_key, '?action=suppression.created');
    expect(log.items).toEqual([
      expect.objectContaining({
        action: 'suppression.created',
        actor_api_key_id: p.api_key_id,
        metadata: {
          target_id: added.body.id,
          fields: ['channel', 'reason', 'recipient'],
          channel: 'email',
          reason: 'manual',
          source: 'client',
        },
      }),
    ]);
    expect(JSON.stringify(log)).not.toMatch(/private\.person/i);
    const removed = await auditOf(p.api_key, '?action=suppression.deleted');
    expect(removed.items[0].metadata).toEqual({ target_id: added.body.id });
  });

  it('when an event is scheduled and cancelled, then both are audited', async () => {
    const p = await aProject(system.api.db, config);
    const scheduledFor = new Date(Date.now() + 3600_000).toISOString();
    const s = await http()
      .post('/api/v1/scheduled-events')
      .set('X-API-Key', p.api_key)
      .send({
        event_type: 'x',
        scheduled_for: scheduledFor,
        recipients: [{ channels: ['email'], email: 'a@example.com' }],
        inline: { html: 'x' },
      });
    await http().delete(`/api/v1/scheduled-events/${s.body.id}`).set('X-API-Key', p.api_key).expect(204);
    const log = await auditOf(p.api_key);
    const actions = log.items.map((e: { action: string; metadata: Record<string, unknown> }) => [e.action, e.metadata.target_id]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['scheduled_event.created', s.body.id],
        ['scheduled_event.cancelled', s.body.id],
      ]),
    );
    const created = log.items.find((e: { action: string }) => e.action === 'scheduled_event.created');
    expect(created.metadata).toMatchObject({ event_type: 'x', scheduled_for: scheduledFor });
    expect(created.metadata.recipients).toBeUndefined();
  });

  it('when a call fails, reads, or only previews, then no entry is written', async () => {
    const p = await aProject(system.api.db, config);
    const before = (await auditOf(p.api_key)).total;
    await http().post('/api/v1/templates').set('X-API-Key', p.api_key).send({ name: 'x', channel: 'fax', body: 'x' }).expect(422);
    await http().delete('/api/v1/templates/00000000-0000-4000-8000-000000000000').set('X-API-Key', p.api_key).expect(404);
    const t = await http().put('/api/v1/templates/by-name/p?channel=sms').set('X-API-Key', p.api_key).send({ body: 'Hi {{n}}' });
    await http()
      .post(`/api/v1/templates/${t.body.id}/preview`)
      .set('X-API-Key', p.api_key)
      .send({ variables: { n: 1 } })
      .expect(200);
    await http().get('/api/v1/templates').set('X-API-Key', p.api_key).expect(200);
    expect((await auditOf(p.api_key)).total).toBe(before + 1); // the upsert only
  });

  it('when the CLI bootstrap issues a key, then an api_key.created entry with no actor records it', async () => {
    const p = await aProject(system.api.db, config);
    const log = await auditOf(p.api_key, '?action=api_key.created');
    expect(log.items).toEqual([
      expect.objectContaining({
        action: 'api_key.created',
        actor_api_key_id: null,
        metadata: { target_id: p.api_key_id, name: 'bootstrap', scopes: expect.arrayContaining(['audit_log:read']), via: 'cli bootstrap' },
      }),
    ]);
  });

  it('when filtering by from, then only entries at or after it come back', async () => {
    const p = await aProject(system.api.db, config);
    const all = await auditOf(p.api_key);
    expect(all.total).toBe(1);
    const from = encodeURIComponent(all.items[0].created_at);
    expect((await auditOf(p.api_key, `?from=${from}`)).total).toBe(1);
    expect((await auditOf(p.api_key, `?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
    expect((await http().get('/api/v1/audit-log?from=yesterday').set('X-API-Key', p.api_key)).status).toBe(422);
  });

  it("when a key lacks audit_log:read, then 403; another project's entries never show", async () => {
    const p = await aProject(system.api.db, config, ['templates:write']);
    const res = await http().get('/api/v1/audit-log').set('X-API-Key', p.api_key);
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/audit_log:read/);
    const q = await aProject(system.api.db, config);
    const log = await auditOf(q.api_key);
    expect(log.items.every((e: { metadata: { target_id?: string } }) => e.metadata.target_id === q.api_key_id)).toBe(true);
  });
});
