import { createHash } from 'node:crypto';
import { eventually } from '../../support/eventually';
import { BROWSER_SESSION, cookieHeader, refreshCookieOf } from '../../support/refresh-cookie';
import { anAddress, useSignInSystem } from '../auth/sign-in.support';
import { anOrganizationWorld, aUser, bearer, type OrganizationWorld } from './organizations.support';

const sut = useSignInSystem();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The token of the invitation mailed to `address`, read from the text part as a person would. */
function invitationTokenIn(address: string): string | undefined {
  const mail = sut.smtp.for(address)[0];
  const match = /https:\/\/app\.herald\.test\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/.exec(mail?.parsed.text ?? '');
  return match ? decodeURIComponent(match[1]) : undefined;
}

async function invite(world: OrganizationWorld, email: string, role = 'developer') {
  return sut
    .http()
    .post(`/api/v1/organizations/${world.organizationId}/invitations`)
    .set(bearer(world.members.admin))
    .send({ email, role });
}

async function mailedInvitation(world: OrganizationWorld, email: string, role = 'developer'): Promise<string> {
  const res = await invite(world, email, role);
  expect(res.status).toBe(201);
  return eventually(() => {
    const token = invitationTokenIn(email);
    expect(token).toBeDefined();
    return token as string;
  });
}

const accept = (token: string) => sut.http().post('/api/v1/invitations/accept').send({ token });

describe('inviting people to an organization', () => {
  let world: OrganizationWorld;
  beforeEach(async () => {
    world = await anOrganizationWorld(sut.system.api.db, sut.config);
  });

  it('when an admin invites a new address and its holder follows the emailed link, then they are signed in and a member with the role', async () => {
    const address = anAddress('invitee');
    const res = await invite(world, address, 'developer');
    expect(res.body).toEqual({
      id: expect.any(String),
      email: address,
      role: 'developer',
      status: 'pending',
      expires_at: expect.any(String),
      created_at: expect.any(String),
    });
    const days = (Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const token = await eventually(() => {
      const t = invitationTokenIn(address);
      expect(t).toBeDefined();
      return t as string;
    });
    expect(sut.smtp.for(address)[0].parsed.subject).toMatch(/invited to world-/);

    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      organization_id: world.organizationId,
      role: 'developer',
      token_type: 'Bearer',
      user: { email: address },
    });
    const members = await sut
      .http()
      .get(`/api/v1/organizations/${world.organizationId}/members?per_page=100`)
      .set(bearer(world.members.viewer));
    expect(members.body.items).toContainEqual(
      expect.objectContaining({ user_id: accepted.body.user.id, email: address, role: 'developer' }),
    );
    const me = await sut.http().get('/api/v1/auth/me').set('Authorization', `Bearer ${accepted.body.access_token}`);
    expect(me.body.organizations).toEqual([{ id: world.organizationId, name: expect.any(String), role: 'developer' }]);

    const listed = await sut
      .http()
      .get(`/api/v1/organizations/${world.organizationId}/invitations?status=accepted`)
      .set(bearer(world.members.admin));
    expect(listed.body.items.map((i: { id: string }) => i.id)).toEqual([res.body.id]);
  });

  it('when an accepted token is used again, then the answer is 401', async () => {
    const token = await mailedInvitation(world, anAddress('twice'));
    expect((await accept(token)).status).toBe(200);
    const again = await accept(token);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ detail: expect.stringMatching(/unknown, expired, revoked or already used/) });
  });

  it('when an invitation is accepted with X-Herald-Session: cookie, then the refresh token is set as the cookie, not in the body, and refreshes the session', async () => {
    const token = await mailedInvitation(world, anAddress('console'));
    const accepted = await sut.http().post('/api/v1/invitations/accept').set(BROWSER_SESSION).send({ token });
    expect(accepted.status).toBe(200);
    expect(accepted.headers['cache-control']).toBe('no-store');
    expect(accepted.body).toMatchObject({ organization_id: world.organizationId, role: 'developer' });
    expect(accepted.body).not.toHaveProperty('refresh_token');
    const cookie = refreshCookieOf(accepted);
    // PUBLIC_URL is http here: no Secure. The path is the auth area's, not this request's.
    expect(cookie.attributes).toEqual({
      'max-age': String(accepted.body.refresh_expires_in),
      path: '/api/v1/auth',
      httponly: true,
      samesite: 'Strict',
    });
    const refreshed = await sut.http().post('/api/v1/auth/refresh').set(BROWSER_SESSION).set(cookieHeader(cookie.value)).send();
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.id).toBe(accepted.body.user.id);
  });

  it("when the token is sent with another user's bearer, then the answer is 403 and the invitation still works for its address", async () => {
    const address = anAddress('mine');
    const token = await mailedInvitation(world, address);
    const stranger = await aUser(sut.system.api.db, 'stranger');
    const refused = await sut.http().post('/api/v1/invitations/accept').set(bearer(stranger)).send({ token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: expect.any(String) });

    const res = await accept(token);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(address);
  });

  it("when the token is sent with the invited user's own bearer, then it is accepted", async () => {
    const user = await aUser(sut.system.api.db, 'existing');
    const token = await mailedInvitation(world, user.email, 'viewer');
    const res = await sut.http().post('/api/v1/invitations/accept').set(bearer(user)).send({ token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ organization_id: world.organizationId, role: 'viewer', user: { id: user.id } });
  });

  it('when the address is already a member or already invited, then inviting it is a 409', async () => {
    expect((await invite(world, world.target.email)).status).toBe(409);
    const address = anAddress('pending');
    expect((await invite(world, address)).status).toBe(201);
    const twice = await invite(world, address.toUpperCase());
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ detail: expect.stringMatching(/pending invitation/) });
  });

  it('when an invitation is revoked, then its link is refused and the address may be invited again', async () => {
    const address = anAddress('revoked');
    const token = await mailedInvitation(world, address);
    const id = (
      await sut.http().get(`/api/v1/organizations/${world.organizationId}/invitations?status=pending`).set(bearer(world.members.admin))
    ).body.items.find((i: { email: string }) => i.email === address).id;
    const revoked = await sut
      .http()
      .delete(`/api/v1/organizations/${world.organizationId}/invitations/${id}`)
      .set(bearer(world.members.admin));
    expect(revoked.status).toBe(204);
    expect((await accept(token)).status).toBe(401);
    expect((await invite(world, address)).status).toBe(201);
  });

  it('when an admin invites an owner, then the answer is 403; an owner may', async () => {
    expect((await invite(world, anAddress('boss'), 'owner')).status).toBe(403);
    const byOwner = await sut
      .http()
      .post(`/api/v1/organizations/${world.organizationId}/invitations`)
      .set(bearer(world.members.owner))
      .send({ email: anAddress('boss'), role: 'owner' });
    expect(byOwner.status).toBe(201);
  });

  it('when an invitation is accepted, then only its hash is stored, the audit log has no token and the emailed link is scrubbed', async () => {
    const address = anAddress('scrub');
    const token = await mailedInvitation(world, address);
    expect((await accept(token)).status).toBe(200);
    const db = sut.system.api.db;
    const row = await db.query('SELECT id, event_id FROM invitations WHERE token_hash = $1', [sha256(token)]);
    expect(row.rows).toHaveLength(1);
    const leaks = await db.query(
      `SELECT (SELECT count(*) FROM invitations i WHERE i::text LIKE '%' || $1 || '%')
            + (SELECT count(*) FROM audit_log l WHERE l::text LIKE '%' || $1 || '%') AS n`,
      [token],
    );
    expect(Number(leaks.rows[0].n)).toBe(0);
    await eventually(async () => {
      await sut.system.api.scrubInvitationLinks();
      const held = await db.query(
        `SELECT (SELECT count(*) FROM events e WHERE e.id = $1 AND e::text LIKE '%' || $2 || '%')
              + (SELECT count(*) FROM event_contents c WHERE c.event_id = $1 AND c::text LIKE '%' || $2 || '%') AS n`,
        [row.rows[0].event_id, token],
      );
      expect(Number(held.rows[0].n)).toBe(0);
    });

    const audit = await sut
      .http()
      .get(`/api/v1/organizations/${world.organizationId}/audit-log?action=invitation.accepted`)
      .set(bearer(world.members.admin));
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        action: 'invitation.accepted',
        actor_type: 'user',
        project_id: null,
        metadata: expect.objectContaining({ role: 'developer' }),
      }),
    ]);
  });
});
