import { generateApiKey, generateSigningSecret, SecretBox } from '@herald/secrets';
import { useSystem } from '../../support/system-fixture';
import { TenantRepository } from '../../../services/api/src/projects/tenant.repository';
import { UsageRepository } from '../../../services/api/src/usage/usage.repository';
import { anOrganizationWorld, aUser, bearer, type OrganizationWorld, type SignedInUser } from './organizations.support';

const sut = useSystem();

const orgPath = (world: OrganizationWorld, rest = '') => `/api/v1/organizations/${world.organizationId}${rest}`;
const setRole = (world: OrganizationWorld, by: SignedInUser, who: SignedInUser, role: string) =>
  sut
    .http()
    .patch(orgPath(world, `/members/${who.id}`))
    .set(bearer(by))
    .send({ role });
const removeMember = (world: OrganizationWorld, by: SignedInUser, who: SignedInUser) =>
  sut
    .http()
    .delete(orgPath(world, `/members/${who.id}`))
    .set(bearer(by));

describe('organizations', () => {
  it('when a user creates an organization, then they own it, see it in their list and can rename it; both are audited', async () => {
    const user = await aUser(sut.system.api.db, 'founder');
    const created = await sut.http().post('/api/v1/organizations').set(bearer(user)).send({ name: '  Acme  ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Acme', role: 'owner', created_at: expect.any(String) });
    // Names are not unique: a second "Acme" is another organization.
    const again = await sut.http().post('/api/v1/organizations').set(bearer(user)).send({ name: 'Acme' });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(created.body.id);

    const list = await sut.http().get('/api/v1/organizations').set(bearer(user));
    expect(list.body).toMatchObject({ total: 2, page: 1, per_page: 25, total_pages: 1 });
    expect(list.body.items.map((o: { id: string }) => o.id).sort()).toEqual([created.body.id, again.body.id].sort());

    const renamed = await sut.http().patch(`/api/v1/organizations/${created.body.id}`).set(bearer(user)).send({ name: 'Acme Inc' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body.id, name: 'Acme Inc' });
    const audit = await sut.http().get(`/api/v1/organizations/${created.body.id}/audit-log`).set(bearer(user));
    expect(audit.body.items.map((e: { action: string; actor_user_id: string }) => [e.action, e.actor_user_id])).toEqual([
      ['organization.updated', user.id],
      ['organization.created', user.id],
    ]);
  });

  it('when an organization name holds a control character, then the answer is a 422 naming the field', async () => {
    const user = await aUser(sut.system.api.db);
    const res = await sut.http().post('/api/v1/organizations').set(bearer(user)).send({ name: 'a\nb' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'name']);
  });

  it('when an owner deletes an organization that still has a project, then the answer is 409; without projects it goes', async () => {
    const world = await anOrganizationWorld(sut.system.api.db, sut.config);
    const refused = await sut.http().delete(orgPath(world)).set(bearer(world.members.owner));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/project/) });
    await sut.system.api.db.query('DELETE FROM projects WHERE organization_id = $1', [world.organizationId]);
    expect((await sut.http().delete(orgPath(world)).set(bearer(world.members.owner))).status).toBe(204);
    expect((await sut.http().get(orgPath(world)).set(bearer(world.members.owner))).status).toBe(404);
  });
});

describe('members and roles', () => {
  let world: OrganizationWorld;
  beforeEach(async () => {
    world = await anOrganizationWorld(sut.system.api.db, sut.config);
  });

  it('when the only owner is demoted or leaves, then the answer is 409 and they stay owner', async () => {
    const demoted = await setRole(world, world.members.owner, world.members.owner, 'admin');
    expect(demoted.status).toBe(409);
    expect(demoted.body).toEqual({ detail: expect.stringMatching(/at least one owner/) });
    expect((await removeMember(world, world.members.owner, world.members.owner)).status).toBe(409);
    const members = await sut.http().get(orgPath(world, '/members')).set(bearer(world.members.owner));
    expect(members.body.items).toContainEqual(expect.objectContaining({ user_id: world.members.owner.id, role: 'owner' }));
  });

  it('when there is a second owner, then the first may step down', async () => {
    expect((await setRole(world, world.members.owner, world.members.admin, 'owner')).status).toBe(200);
    const res = await setRole(world, world.members.owner, world.members.owner, 'viewer');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_id: world.members.owner.id, role: 'viewer' });
  });

  it('when an admin grants or revokes owner, then the answer is 403; other role changes are theirs to make', async () => {
    expect((await setRole(world, world.members.admin, world.target, 'owner')).status).toBe(403);
    expect((await setRole(world, world.members.admin, world.members.owner, 'admin')).status).toBe(403);
    expect((await removeMember(world, world.members.admin, world.members.owner)).status).toBe(403);
    const res = await setRole(world, world.members.admin, world.target, 'admin');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user_id: world.target.id,
      email: world.target.email,
      name: null,
      role: 'admin',
      joined_at: expect.any(String),
    });
  });

  it('when a viewer leaves, then it is a 204 and their next request to the organization is a 404', async () => {
    expect((await removeMember(world, world.members.viewer, world.members.viewer)).status).toBe(204);
    expect((await sut.http().get(orgPath(world)).set(bearer(world.members.viewer))).status).toBe(404);
    // A viewer may not remove anyone else.
    expect((await removeMember(world, world.members.developer, world.target)).status).toBe(403);
  });

  it('when an admin removes a member, then that member is refused at once, the organization and its projects alike', async () => {
    expect((await sut.http().get(`/api/v1/organizations/${world.organizationId}/members`).set(bearer(world.target))).status).toBe(200);
    expect((await removeMember(world, world.members.admin, world.target)).status).toBe(204);
    expect((await sut.http().get(orgPath(world, '/members')).set(bearer(world.target))).status).toBe(404);
    expect((await sut.http().get(orgPath(world, '/usage')).set(bearer(world.target))).status).toBe(404);
    const audit = await sut.http().get(orgPath(world, '/audit-log?action=member.removed')).set(bearer(world.members.admin));
    expect(audit.body.items[0]).toMatchObject({
      actor_user_id: world.members.admin.id,
      metadata: { user_id: world.target.id, role: 'developer', self: false },
    });
  });

  it('when the member is not in this organization, then changing or removing them is a 404', async () => {
    const stranger = await aUser(sut.system.api.db);
    expect((await setRole(world, world.members.owner, stranger, 'viewer')).status).toBe(404);
    expect((await removeMember(world, world.members.owner, stranger)).status).toBe(404);
  });
});

describe("an organization's usage and audit log", () => {
  it('when its projects were called, then usage lists each project and endpoint per hour with methods summed', async () => {
    const world = await anOrganizationWorld(sut.system.api.db, sut.config);
    const db = sut.system.api.db;
    const second = await new TenantRepository(db).upsertProject(
      world.organizationId,
      'second',
      new SecretBox(sut.config.secretsKey).seal(generateSigningSecret()),
    );
    const hour = new Date('2026-01-02T10:00:00Z');
    await new UsageRepository(db).add([
      { projectId: world.projectId, hour, method: 'GET', endpoint: '/events/{id}', count: 2 },
      { projectId: world.projectId, hour, method: 'POST', endpoint: '/events/{id}', count: 3 },
      { projectId: second.id, hour, method: 'POST', endpoint: '/events', count: 7 },
    ]);
    const res = await sut.http().get(orgPath(world, '/usage?from=2026-01-02T10:30:00Z')).set(bearer(world.members.viewer));
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        { hour: '2026-01-02T10:00:00.000Z', project_id: world.projectId, endpoint: '/events/{id}', request_count: 5 },
        { hour: '2026-01-02T10:00:00.000Z', project_id: second.id, endpoint: '/events', request_count: 7 },
      ]),
    );
    expect(res.body.total).toBe(2);
    const one = await sut
      .http()
      .get(orgPath(world, `/usage?project_id=${second.id}`))
      .set(bearer(world.members.viewer));
    expect(one.body.items).toEqual([{ hour: '2026-01-02T10:00:00.000Z', project_id: second.id, endpoint: '/events', request_count: 7 }]);
  });

  it("when the project_id filter names another organization's project, then the answer is 404", async () => {
    const world = await anOrganizationWorld(sut.system.api.db, sut.config);
    const other = await anOrganizationWorld(sut.system.api.db, sut.config);
    expect(
      (
        await sut
          .http()
          .get(orgPath(world, `/usage?project_id=${other.projectId}`))
          .set(bearer(world.members.owner))
      ).status,
    ).toBe(404);
    expect(
      (
        await sut
          .http()
          .get(orgPath(world, `/audit-log?project_id=${other.projectId}`))
          .set(bearer(world.members.owner))
      ).status,
    ).toBe(404);
  });

  it('when a project key changes something, then the organization audit log shows it with the key as actor', async () => {
    const world = await anOrganizationWorld(sut.system.api.db, sut.config);
    const key = generateApiKey();
    const keyId = await new TenantRepository(sut.system.api.db).insertApiKey(world.projectId, 'writer', key.hash, key.displayPrefix, [
      'suppressions:write',
    ]);
    const added = await sut
      .http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', key.plaintext)
      .send({ channel: 'email', recipient: 'gone@example.com' });
    expect(added.status).toBeLessThan(300);
    const audit = await sut
      .http()
      .get(orgPath(world, `/audit-log?project_id=${world.projectId}`))
      .set(bearer(world.members.admin));
    expect(audit.body.items[0]).toMatchObject({
      actor_type: 'api_key',
      actor_api_key_id: keyId,
      actor_user_id: null,
      project_id: world.projectId,
    });
  });
});
