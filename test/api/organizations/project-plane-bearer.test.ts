import { randomUUID } from 'node:crypto';
import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { eventually } from '../../support/eventually';
import { useSystem } from '../../support/system-fixture';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { anOrganizationWorld, bearer, type OrganizationWorld, type SignedInUser } from './organizations.support';

const sut = useSystem({
  env: { USER_RATE_LIMIT_PER_MINUTE: '1000' },
  extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))],
});
const receivers: WebhookReceiver[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.stop())));

/** A member's bearer on the project plane, as the console sends it. */
const asMember = (user: SignedInUser, projectId: string) => ({ ...bearer(user), 'X-Herald-Project': projectId });

const aTemplate = () => ({ name: `t-${randomUUID().slice(0, 8)}`, channel: 'email', subject: 'Hi', body: '<p>{{name}}</p>' });

describe('a member bearer with X-Herald-Project on the project plane', () => {
  let world: OrganizationWorld;
  beforeEach(async () => {
    world = await anOrganizationWorld(sut.system.api.db, sut.config);
  });

  it('when a viewer reads events, notifications and templates, then they get them; a write is a 403 naming the scope', async () => {
    const viewer = asMember(world.members.viewer, world.projectId);
    for (const path of ['/api/v1/events', '/api/v1/notifications', '/api/v1/templates']) {
      const res = await sut.http().get(path).set(viewer);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.body).toMatchObject({ items: [], total: 0 });
    }
    const template = await sut.http().post('/api/v1/templates').set(viewer).send(aTemplate());
    expect(template.status).toBe(403);
    expect(template.body.detail).toMatch(/templates:write/);
    const event = await sut
      .http()
      .post('/api/v1/events')
      .set(viewer)
      .send({ event_type: 'x', recipients: [{ channels: ['webhook'], webhook_url: 'http://127.0.0.1:9/h' }], payload: {} });
    expect(event.status).toBe(403);
    expect(event.body.detail).toMatch(/events:write/);
  });

  it('when a developer sends an event, then a real receiver gets it signed, and what they change is audited with them as actor', async () => {
    const receiver = await WebhookReceiver.start(world.signingSecret);
    receivers.push(receiver);
    const developer = asMember(world.members.developer, world.projectId);
    const publish = () =>
      sut
        .http()
        .post('/api/v1/events')
        .set(developer)
        .send({
          event_type: 'order.paid',
          recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/hook` }],
          payload: { n: 1 },
          inline: { html: '<p>x</p>' },
          idempotency_key: 'console-1',
        });
    const sent = await publish();
    expect(sent.status).toBe(202);
    // The user's budget (USER_RATE_LIMIT_PER_MINUTE), not a key's.
    expect(sent.headers['ratelimit-limit']).toBe('1000');
    const delivered = await eventually(async () => {
      expect(receiver.requests).toHaveLength(1);
      return receiver.requests[0];
    });
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body).toMatchObject({ event_type: 'order.paid', payload: { n: 1 } });
    const again = await publish();
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(sent.body.id);
    expect((await sut.http().get(`/api/v1/events/${sent.body.id}`).set(developer)).status).toBe(200);

    const template = await sut.http().post('/api/v1/templates').set(developer).send(aTemplate());
    expect(template.status).toBe(201);
    const scheduled = await sut
      .http()
      .post('/api/v1/scheduled-events')
      .set(developer)
      .send({
        event_type: 'later',
        scheduled_for: new Date(Date.now() + 3_600_000).toISOString(),
        recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/hook` }],
        payload: {},
        inline: { html: '<p>x</p>' },
      });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.api_key_id).toBeNull();

    const audit = await sut.http().get('/api/v1/audit-log').set(developer);
    expect(audit.status).toBe(200);
    expect(audit.body.items.map((e: Record<string, unknown>) => [e.action, e.actor_user_id, e.actor_api_key_id])).toEqual([
      ['scheduled_event.created', world.members.developer.id, null],
      ['template.created', world.members.developer.id, null],
    ]);
    const organizationLog = await sut
      .http()
      .get(`/api/v1/organizations/${world.organizationId}/audit-log`)
      .query({ action: 'template.created' })
      .set(bearer(world.members.owner));
    expect(organizationLog.body.items).toEqual([
      expect.objectContaining({ actor_type: 'user', actor_user_id: world.members.developer.id, project_id: world.projectId }),
    ]);
  });

  it('when the caller is not a member, the id is malformed or unknown, or the project is another organization’s, then the answer is 404', async () => {
    const other = await anOrganizationWorld(sut.system.api.db, sut.config);
    const attempts: Array<[string, SignedInUser, string]> = [
      ['outsider', world.outsider, world.projectId],
      ['malformed id', world.members.owner, 'not-a-uuid'],
      ['unknown id', world.members.owner, randomUUID()],
      ["another organization's project", world.members.owner, other.projectId],
    ];
    for (const [why, user, projectId] of attempts) {
      const res = await sut.http().get('/api/v1/events').set(asMember(user, projectId));
      expect([why, res.status]).toEqual([why, 404]);
      expect(res.body).toEqual({ detail: 'project not found' });
    }
  });

  it('when a bearer comes without X-Herald-Project, or is not a valid access token, then the answer is 401', async () => {
    const noHeader = await sut.http().get('/api/v1/events').set(bearer(world.members.owner));
    expect(noHeader.status).toBe(401);
    expect(noHeader.body.detail).toMatch(/X-Herald-Project/);
    const revoked = await sut.http().post('/api/v1/auth/logout').set(bearer(world.members.developer)).send({});
    expect(revoked.status).toBe(204);
    const afterLogout = await sut.http().get('/api/v1/events').set(asMember(world.members.developer, world.projectId));
    expect(afterLogout.status).toBe(401);
    const forged = await sut.http().get('/api/v1/events').set({ Authorization: 'Bearer hat_forged', 'X-Herald-Project': world.projectId });
    expect(forged.status).toBe(401);
  });

  it('when a member is removed from the organization, then their very next request is a 404', async () => {
    const developer = asMember(world.members.developer, world.projectId);
    expect((await sut.http().get('/api/v1/templates').set(developer)).status).toBe(200);
    const removed = await sut
      .http()
      .delete(`/api/v1/organizations/${world.organizationId}/members/${world.members.developer.id}`)
      .set(bearer(world.members.owner));
    expect(removed.status).toBe(204);
    expect((await sut.http().get('/api/v1/templates').set(developer)).status).toBe(404);
  });

  it('when a member reads the project plane, then usage does not count it: only requests made with a key are counted', async () => {
    const viewer = asMember(world.members.viewer, world.projectId);
    await sut.http().get('/api/v1/events').set(viewer).expect(200);
    await sut.http().get('/api/v1/usage').set(viewer).expect(200);
    await sut.system.api.flushUsage();
    const usage = await sut.http().get('/api/v1/usage').set(viewer);
    expect(usage.body).toMatchObject({ items: [], total: 0 });
  });

  it('when an API key comes with a bearer, then the key wins: the request is the key’s project’s', async () => {
    // The outsider's bearer names a project they cannot see; the key alone decides.
    const res = await sut
      .http()
      .get('/api/v1/templates')
      .set({ 'X-API-Key': sut.key, ...asMember(world.outsider, world.projectId) });
    expect(res.status).toBe(200);
    const badKey = await sut
      .http()
      .get('/api/v1/templates')
      .set({ 'X-API-Key': 'hk_wrong', ...asMember(world.members.owner, world.projectId) });
    expect(badKey.status).toBe(401);
  });
});
