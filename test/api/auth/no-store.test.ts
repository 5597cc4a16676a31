import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { newOpaqueToken, TOKEN_PREFIX } from '../../../services/api/src/auth/opaque-token';
import { InvitationRepository } from '../../../services/api/src/organizations/invitation.repository';
import { ALL, anAdministrator, aSystemAccount } from '../admin/admin.support';
import { anOrganizationWorld, bearer, type OrganizationWorld } from '../organizations/organizations.support';
import { useSystem } from '../../support/system-fixture';
import { anAddress, aSession } from './sign-in.support';

/** Every answer that carries a token or a secret must stay out of caches (openapi.yaml x-no-store). */
const sut = useSystem();
let world: OrganizationWorld;

beforeAll(async () => {
  world = await anOrganizationWorld(sut.system.api.db, sut.config);
});

function expectNoStore(res: Response, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('Cache-Control: no-store on answers carrying a token or a secret', () => {
  it('when a magic link is verified, then the token pair is answered with no-store', async () => {
    const link = newOpaqueToken(TOKEN_PREFIX.magicLink);
    await sut.system.api.db.query(
      `INSERT INTO magic_link_tokens (token_hash, email, expires_at) VALUES ($1, $2, now() + interval '5 minutes')`,
      [link.hash, anAddress('no-store-link')],
    );
    expectNoStore(await sut.http().post('/api/v1/auth/magic-link/verify').send({ token: link.plaintext }), 200);
  });

  it('when a session refreshes, then the new pair is answered with no-store', async () => {
    const boot = await aSession(sut.system.api.db, sut.config, anAddress('no-store-refresh'));
    expectNoStore(await sut.http().post('/api/v1/auth/refresh').send({ refresh_token: boot.refresh_token }), 200);
  });

  it('when an invitation is accepted, then the new session is answered with no-store', async () => {
    const token = newOpaqueToken(TOKEN_PREFIX.invitation);
    await new InvitationRepository(sut.system.api.db).insert({
      organizationId: world.organizationId,
      email: anAddress('no-store-invited'),
      role: 'viewer',
      tokenHash: token.hash,
      invitedBy: world.members.owner.id,
      ttlS: 3600,
      eventId: null,
    });
    expectNoStore(await sut.http().post('/api/v1/invitations/accept').send({ token: token.plaintext }), 200);
  });

  it('when a project is created or its signing secret rotated, then the secret is answered with no-store', async () => {
    const admin = bearer(world.members.admin);
    const created = await sut
      .http()
      .post(`/api/v1/organizations/${world.organizationId}/projects`)
      .set(admin)
      .send({ name: `p-${randomUUID().slice(0, 8)}` });
    expectNoStore(created, 201);
    expectNoStore(await sut.http().post(`/api/v1/projects/${world.projectId}/signing-secret/rotate`).set(admin).send({}), 200);
  });

  it('when an API key is created or rotated, then the key is answered with no-store', async () => {
    const developer = bearer(world.members.developer);
    const created = await sut
      .http()
      .post(`/api/v1/projects/${world.projectId}/api-keys`)
      .set(developer)
      .send({ name: 'no-store', scopes: ['events:read'] });
    expectNoStore(created, 201);
    expectNoStore(
      await sut.http().post(`/api/v1/projects/${world.projectId}/api-keys/${created.body.id}/rotate`).set(developer).send({}),
      201,
    );
  });

  it('when a system account credential is created, then the secret is answered with no-store', async () => {
    const admin = await anAdministrator(sut.system.api.db, ALL);
    const account = await aSystemAccount(sut.system.api.db, ['audit_log:read']);
    expectNoStore(await sut.http().post(`/api/v1/admin/system-accounts/${account.id}/credentials`).set(admin.auth).send({}), 201);
  });

  it('when an OAuth code is redeemed or a callback answered, then even their refusals carry no-store', async () => {
    expectNoStore(await sut.http().post('/api/v1/oauth/token').send({ code: 'unknown' }), 401);
    expectNoStore(await sut.http().get('/api/v1/oauth/nowhere/callback?state=x&code=y'), 404);
  });

  it('when an answer carries no secret, then it may be cached as usual (no no-store)', async () => {
    const res = await sut.http().get('/api/v1/auth/me').set(bearer(world.members.viewer));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
