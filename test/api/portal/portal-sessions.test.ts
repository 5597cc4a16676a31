import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';

const f = useSystem();
const api = () => f.http();

let n = 0;
const uid = (base = 'customer') => `${base}-${Date.now()}-${++n}`;

async function aConsumer(key = f.key, name = 'Acme Corp'): Promise<string> {
  const id = uid();
  const res = await api().post('/api/v1/consumers').set('X-API-Key', key).send({ uid: id, name });
  expect(res.status).toBe(201);
  return id;
}

async function aLink(consumer: string, body?: Record<string, unknown>, key = f.key) {
  const res = await api().post(`/api/v1/consumers/${consumer}/portal-sessions`).set('X-API-Key', key).send(body);
  expect(res.status).toBe(201);
  return res.body as { url: string; code_expires_at: string; session_ttl_seconds: number };
}

const codeOf = (url: string) => new URL(url).hash.replace(/^#code=/, '');
const exchange = (code: string) => api().post('/api/v1/portal/sessions').send({ code });

async function aSession(consumer: string, body?: Record<string, unknown>): Promise<string> {
  const res = await exchange(codeOf((await aLink(consumer, body)).url));
  expect(res.status).toBe(201);
  return res.body.access_token as string;
}

describe('consumer portal sessions', () => {
  it('when the backend mints a link and the page exchanges its code, then the token reaches the consumer, its endpoints and the catalogue', async () => {
    const consumer = await aConsumer(f.key, 'Globex');
    await api()
      .put('/api/v1/portal-settings')
      .set('X-API-Key', f.key)
      .send({ allowed_origins: [], theme: { primary_color: '#112233' } });
    const before = Date.now();
    const created = await api()
      .post(`/api/v1/consumers/${consumer}/portal-sessions`)
      .set('X-API-Key', f.key)
      .send({ session_ttl_seconds: 600 });
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.body.session_ttl_seconds).toBe(600);
    const url = new URL(created.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${f.config.APP_URL}/portal/${f.project.project_id}`);
    expect(codeOf(created.body.url)).toMatch(/^hpc_[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(created.body.code_expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 299_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 301_000);

    const session = await exchange(codeOf(created.body.url));
    expect(session.status).toBe(201);
    expect(session.headers['cache-control']).toBe('no-store');
    expect(session.body).toEqual({
      access_token: expect.stringMatching(/^hps_[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      expires_in: 600,
      consumer: { uid: consumer, name: 'Globex' },
      project: { id: f.project.project_id, name: expect.any(String) },
      theme: { primary_color: '#112233' },
    });
    const bearer = `Bearer ${session.body.access_token}`;

    const own = await api().get(`/api/v1/consumers/${consumer}`).set('Authorization', bearer);
    expect(own.status).toBe(200);
    expect(own.body.uid).toBe(consumer);
    const endpoint = await api()
      .post(`/api/v1/consumers/${consumer}/endpoints`)
      .set('Authorization', bearer)
      .send({ url: 'http://127.0.0.1:9/hook' });
    expect(endpoint.status).toBe(201);
    expect(endpoint.body.signing_secret).toMatch(/^whsec_/);
    const listed = await api().get(`/api/v1/consumers/${consumer}/endpoints`).set('Authorization', bearer);
    expect(listed.body.items.map((e: { id: string }) => e.id)).toEqual([endpoint.body.id]);
    expect((await api().get('/api/v1/event-types').set('Authorization', bearer)).status).toBe(200);

    // The project sees what the portal did, and who did it.
    const audit = await api().get('/api/v1/audit-log?action=consumer_endpoint.created').set('X-API-Key', f.key);
    const entry = audit.body.items.find((e: { metadata: { consumer_uid?: string } }) => JSON.stringify(e).includes(endpoint.body.id));
    expect(entry).toMatchObject({
      actor_api_key_id: null,
      actor_user_id: null,
      metadata: { actor: { type: 'portal_session', consumer_uid: consumer } },
    });
    const minted = await api().get('/api/v1/audit-log?action=consumer.portal_session_created').set('X-API-Key', f.key);
    const mintedEntry = minted.body.items.find((e: { metadata: { uid?: string } }) => e.metadata.uid === consumer);
    expect(mintedEntry.metadata).toMatchObject({ uid: consumer, session_ttl_seconds: 600 });
    // The code opens a session: it never goes into the audit log.
    expect(JSON.stringify(minted.body)).not.toContain('hpc_');
  });

  it('when a code is exchanged twice, then the second exchange is the same 401 as an unknown code', async () => {
    const { url } = await aLink(await aConsumer());
    expect((await exchange(codeOf(url))).status).toBe(201);
    const again = await exchange(codeOf(url));
    const unknown = await exchange(`hpc_${'A'.repeat(43)}`);
    expect(again.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(again.body.detail).toBe(unknown.body.detail);
  });

  it('when a code is older than 5 minutes, then it is refused as an unknown one', async () => {
    const { url } = await aLink(await aConsumer());
    await f.system.api.db.query(`UPDATE portal_codes SET expires_at = now() - interval '1 second'`);
    expect((await exchange(codeOf(url))).status).toBe(401);
  });

  it('when a session has expired or was ended, then its token is refused at once', async () => {
    const consumer = await aConsumer();
    const ended = await aSession(consumer);
    const gone = await api().delete('/api/v1/portal/sessions/current').set('Authorization', `Bearer ${ended}`);
    expect(gone.status).toBe(204);
    expect((await api().get(`/api/v1/consumers/${consumer}`).set('Authorization', `Bearer ${ended}`)).status).toBe(401);

    const expiring = await aSession(consumer, { session_ttl_seconds: 60 });
    expect((await api().get(`/api/v1/consumers/${consumer}`).set('Authorization', `Bearer ${expiring}`)).status).toBe(200);
    await f.system.api.db.query(`UPDATE portal_sessions SET expires_at = now() - interval '1 second'`);
    expect((await api().get(`/api/v1/consumers/${consumer}`).set('Authorization', `Bearer ${expiring}`)).status).toBe(401);
  });

  it('when codes and sessions have expired, then the purge drops them and keeps the live ones', async () => {
    const consumer = await aConsumer();
    const stale = codeOf((await aLink(consumer)).url);
    const staleToken = await aSession(consumer);
    const db = f.system.api.db;
    await db.query(`UPDATE portal_codes SET expires_at = now() - interval '1 second'`);
    await db.query(`UPDATE portal_sessions SET expires_at = now() - interval '1 second'`);
    const live = codeOf((await aLink(consumer)).url);
    const liveToken = await aSession(consumer);
    const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    expect(await count('portal_sessions')).toBeGreaterThan(1);

    await f.system.api.purgePortalSessions();
    expect(await count('portal_sessions')).toBe(1);
    expect(await count('portal_codes')).toBe(1);
    expect((await exchange(stale)).status).toBe(401);
    expect((await api().get(`/api/v1/consumers/${consumer}`).set('Authorization', `Bearer ${staleToken}`)).status).toBe(401);
    expect((await api().get(`/api/v1/consumers/${consumer}`).set('Authorization', `Bearer ${liveToken}`)).status).toBe(200);
    expect((await exchange(live)).status).toBe(201);
  });

  it('when the consumer is deleted, then its sessions end with it', async () => {
    const consumer = await aConsumer();
    const token = await aSession(consumer);
    expect((await api().delete(`/api/v1/consumers/${consumer}`).set('X-API-Key', f.key)).status).toBe(204);
    expect((await api().get('/api/v1/event-types').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it("when a link is asked for an unknown consumer, another project's, or with a ttl out of range, then nothing is minted", async () => {
    expect((await api().post('/api/v1/consumers/nobody/portal-sessions').set('X-API-Key', f.key).send({})).status).toBe(404);
    const other = await aProject(f.system.api.db, f.config);
    const theirs = await aConsumer(other.api_key);
    expect((await api().post(`/api/v1/consumers/${theirs}/portal-sessions`).set('X-API-Key', f.key).send({})).status).toBe(404);
    for (const ttl of [59, 86401]) {
      const res = await api()
        .post(`/api/v1/consumers/${theirs}/portal-sessions`)
        .set('X-API-Key', other.api_key)
        .send({ session_ttl_seconds: ttl });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'session_ttl_seconds']);
    }
  });
});
