import { useSystem } from '../../support/system-fixture';
import { anAddress, aSession } from './sign-in.support';

/** Sessions come from `herald bootstrap` here; the magic-link path has its own test file. */
const sut = useSystem();

const me = (token: string) => sut.http().get('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
const refresh = (token: string) => sut.http().post('/api/v1/auth/refresh').send({ refresh_token: token });

interface AuthAuditRow {
  action: string;
  metadata: Record<string, unknown>;
  project_id: string | null;
}

async function auditOf(userId: string): Promise<AuthAuditRow[]> {
  const { rows } = await sut.system.api.db.query<AuthAuditRow>(
    'SELECT action, metadata, project_id FROM audit_log WHERE actor_user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return rows;
}

describe('sessions', () => {
  it('when bootstrap signs its owner in, then its access_token works on /auth/me and shows the organization with role owner', async () => {
    const address = anAddress('owner');
    const boot = await aSession(sut.system.api.db, sut.config, address);
    const res = await me(boot.access_token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: boot.user_id, email: address, organizations: [{ id: boot.organization_id, role: 'owner' }] });

    // The same address bootstrapped into a second organization is the same user, now in both.
    const second = await aSession(sut.system.api.db, sut.config, address.toUpperCase());
    expect(second.user_id).toBe(boot.user_id);
    expect((await me(second.access_token)).body.organizations.map((o: { id: string }) => o.id).sort()).toEqual(
      [boot.organization_id, second.organization_id].sort(),
    );
  });

  it('when a refresh token is used, then it rotates, and using the old one again revokes the whole session', async () => {
    const boot = await aSession(sut.system.api.db, sut.config, anAddress('refresh'));
    const rotated = await refresh(boot.refresh_token);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ token_type: 'Bearer', user: { id: boot.user_id } });
    expect(rotated.body.refresh_token).not.toBe(boot.refresh_token);
    expect((await me(rotated.body.access_token)).status).toBe(200);

    const reused = await refresh(boot.refresh_token);
    expect(reused.status).toBe(401);
    expect(reused.body.detail).toMatch(/already used; the session has been revoked/);
    // Every token of that session is refused now, the newest pair included.
    expect((await me(rotated.body.access_token)).status).toBe(401);
    expect((await me(boot.access_token)).status).toBe(401);
    expect((await refresh(rotated.body.refresh_token)).status).toBe(401);

    const audit = await auditOf(boot.user_id);
    expect(audit.map((a) => a.action)).toContain('auth.refresh_reuse_detected');
    expect(JSON.stringify(audit)).not.toContain(boot.refresh_token);
  });

  it('when a session refreshes, then the access token it replaced is refused at once and the new one works', async () => {
    const address = anAddress('refresh-ends-access');
    const boot = await aSession(sut.system.api.db, sut.config, address);
    expect((await me(boot.access_token)).status).toBe(200);
    const rotated = await refresh(boot.refresh_token);
    expect(rotated.status).toBe(200);
    const replaced = await me(boot.access_token);
    expect(replaced.status).toBe(401);
    expect(replaced.body).toEqual({ detail: 'access token is invalid, expired or revoked' });
    expect((await me(rotated.body.access_token)).status).toBe(200);
    // Another session of the same user keeps its access token.
    const other = await aSession(sut.system.api.db, sut.config, address);
    expect((await refresh(rotated.body.refresh_token)).status).toBe(200);
    expect((await me(other.access_token)).status).toBe(200);
  });

  it('when a user logs out, then that session stops working at once and the others go on', async () => {
    const address = anAddress('logout');
    const a = await aSession(sut.system.api.db, sut.config, address);
    const b = await aSession(sut.system.api.db, sut.config, address);
    const res = await sut.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${a.access_token}`);
    expect(res.status).toBe(204);
    expect((await me(a.access_token)).status).toBe(401);
    expect((await refresh(a.refresh_token)).status).toBe(401);
    expect((await me(b.access_token)).status).toBe(200);
  });

  it('when a user logs out with all: true, then every session of that user stops working', async () => {
    const address = anAddress('logout-all');
    const a = await aSession(sut.system.api.db, sut.config, address);
    const b = await aSession(sut.system.api.db, sut.config, address);
    const other = await aSession(sut.system.api.db, sut.config, anAddress('bystander'));
    const res = await sut.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${b.access_token}`).send({ all: true });
    expect(res.status).toBe(204);
    expect((await me(a.access_token)).status).toBe(401);
    expect((await me(b.access_token)).status).toBe(401);
    expect((await refresh(b.refresh_token)).status).toBe(401);
    expect((await me(other.access_token)).status).toBe(200);

    const audit = await auditOf(a.user_id);
    expect(audit.filter((e) => e.action === 'auth.logged_out')).toEqual([
      { action: 'auth.logged_out', project_id: null, metadata: expect.objectContaining({ all: true, sessions_revoked: 2 }) },
    ]);
  });

  it('when a user renames themselves, then /auth/me shows the new name', async () => {
    const boot = await aSession(sut.system.api.db, sut.config, anAddress('rename'));
    const res = await sut.http().patch('/api/v1/auth/me').set('Authorization', `Bearer ${boot.access_token}`).send({ name: '  Ada L. ' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Ada L.');
    expect((await me(boot.access_token)).body.name).toBe('Ada L.');
    const blank = await sut.http().patch('/api/v1/auth/me').set('Authorization', `Bearer ${boot.access_token}`).send({ name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.detail[0].loc).toEqual(['body', 'name']);
  });
});

describe('the planes keep their credentials apart', () => {
  it('when a bearer token is sent to a project-plane route, then it is a 401', async () => {
    const boot = await aSession(sut.system.api.db, sut.config, anAddress('planes'));
    const res = await sut.http().get('/api/v1/events').set('Authorization', `Bearer ${boot.access_token}`);
    expect(res.status).toBe(401);
  });

  it('when an API key is sent to /auth/me, as X-API-Key or as a bearer, then it is a 401', async () => {
    const byHeader = await sut.http().get('/api/v1/auth/me').set('X-API-Key', sut.key);
    expect(byHeader.status).toBe(401);
    expect(byHeader.headers['www-authenticate']).toBe('Bearer');
    const asBearer = await me(sut.key);
    expect(asBearer.status).toBe(401);
    expect(asBearer.body).toEqual({ detail: 'access token is invalid, expired or revoked' });
  });

  it('when a refresh token is sent as a bearer, then it is a 401', async () => {
    const boot = await aSession(sut.system.api.db, sut.config, anAddress('refresh-as-bearer'));
    expect((await me(boot.refresh_token)).status).toBe(401);
  });
});
