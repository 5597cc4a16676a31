import { anAddress, useSignInSystem } from '../auth/sign-in.support';
import { eventually } from '../../support/eventually';
import { anOrganizationWorld, bearer, type OrganizationWorld, type SignedInUser } from './organizations.support';

/** An invitation speaks with its inviter's authority: it goes when the inviter leaves, is removed or falls below admin. */
const sut = useSignInSystem();

const orgPath = (world: OrganizationWorld, rest: string) => `/api/v1/organizations/${world.organizationId}${rest}`;
const accept = (token: string) => sut.http().post('/api/v1/invitations/accept').send({ token });

/** `by` invites a fresh address; resolves with the invitation's id and the token from its email. */
async function invitedBy(world: OrganizationWorld, by: SignedInUser): Promise<{ id: string; token: string }> {
  const email = anAddress('invitee');
  const res = await sut.http().post(orgPath(world, '/invitations')).set(bearer(by)).send({ email, role: 'developer' });
  expect(res.status).toBe(201);
  const token = await eventually(() => {
    const match = /https:\/\/app\.herald\.test\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/.exec(
      sut.smtp.for(email)[0]?.parsed.text ?? '',
    );
    expect(match).not.toBeNull();
    return decodeURIComponent((match as RegExpExecArray)[1]);
  });
  return { id: res.body.id, token };
}

async function statusOf(world: OrganizationWorld, id: string): Promise<string> {
  const res = await sut.http().get(orgPath(world, '/invitations?per_page=100')).set(bearer(world.members.owner));
  return res.body.items.find((i: { id: string }) => i.id === id)?.status;
}

async function revocationsAudited(world: OrganizationWorld): Promise<Array<Record<string, unknown>>> {
  const res = await sut.http().get(orgPath(world, '/audit-log?action=invitation.revoked')).set(bearer(world.members.owner));
  return res.body.items.map((e: { metadata: Record<string, unknown> }) => e.metadata);
}

describe("a member's pending invitations end with their authority", () => {
  let world: OrganizationWorld;
  beforeEach(async () => {
    world = await anOrganizationWorld(sut.system.api.db, sut.config);
  });

  it('when an owner demotes an admin to developer, then the invitation the admin made is revoked and its token is refused', async () => {
    const byAdmin = await invitedBy(world, world.members.admin);
    const byOwner = await invitedBy(world, world.members.owner);
    const demoted = await sut
      .http()
      .patch(orgPath(world, `/members/${world.members.admin.id}`))
      .set(bearer(world.members.owner))
      .send({ role: 'developer' });
    expect(demoted.status).toBe(200);

    expect(await statusOf(world, byAdmin.id)).toBe('revoked');
    expect((await accept(byAdmin.token)).status).toBe(401);
    expect(await revocationsAudited(world)).toEqual([
      expect.objectContaining({ target_id: byAdmin.id, reason: 'inviter_demoted', invited_by: world.members.admin.id }),
    ]);
    // Someone else's invitation is untouched.
    expect(await statusOf(world, byOwner.id)).toBe('pending');
    expect((await accept(byOwner.token)).status).toBe(200);
  });

  it('when an admin is made owner, then their invitations stay pending', async () => {
    const byAdmin = await invitedBy(world, world.members.admin);
    const promoted = await sut
      .http()
      .patch(orgPath(world, `/members/${world.members.admin.id}`))
      .set(bearer(world.members.owner))
      .send({ role: 'owner' });
    expect(promoted.status).toBe(200);
    expect(await statusOf(world, byAdmin.id)).toBe('pending');
  });

  it('when an owner removes an admin, then the invitation the admin made is revoked and its token is refused', async () => {
    const byAdmin = await invitedBy(world, world.members.admin);
    const removed = await sut
      .http()
      .delete(orgPath(world, `/members/${world.members.admin.id}`))
      .set(bearer(world.members.owner));
    expect(removed.status).toBe(204);
    expect(await statusOf(world, byAdmin.id)).toBe('revoked');
    expect((await accept(byAdmin.token)).status).toBe(401);
    expect(await revocationsAudited(world)).toEqual([expect.objectContaining({ target_id: byAdmin.id, reason: 'inviter_removed' })]);
  });

  it('when an admin leaves, then the invitation they made is revoked and its token is refused', async () => {
    const byAdmin = await invitedBy(world, world.members.admin);
    const left = await sut
      .http()
      .delete(orgPath(world, `/members/${world.members.admin.id}`))
      .set(bearer(world.members.admin));
    expect(left.status).toBe(204);
    expect(await statusOf(world, byAdmin.id)).toBe('revoked');
    expect((await accept(byAdmin.token)).status).toBe(401);
    expect(await revocationsAudited(world)).toEqual([expect.objectContaining({ target_id: byAdmin.id, reason: 'inviter_left' })]);
  });
});
