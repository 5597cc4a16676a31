import { useSystem } from '../../support/system-fixture';

const f = useSystem({ env: { USER_RATE_LIMIT_PER_MINUTE: '5' } });

async function aSession(uid: string): Promise<string> {
  await f.http().post('/api/v1/consumers').set('X-API-Key', f.key).send({ uid, name: uid });
  const link = await f.http().post(`/api/v1/consumers/${uid}/portal-sessions`).set('X-API-Key', f.key).send({});
  const session = await f
    .http()
    .post('/api/v1/portal/sessions')
    .send({ code: new URL(link.body.url).hash.slice('#code='.length) });
  return `Bearer ${session.body.access_token}`;
}

describe('a portal session', () => {
  it('when it spends its request budget, then it gets 429 while another session of the same project still gets answers', async () => {
    const busy = await aSession('busy');
    const calm = await aSession('calm');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await f.http().get('/api/v1/consumers/busy').set('Authorization', busy)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await f.http().get('/api/v1/consumers/calm').set('Authorization', calm)).status).toBe(200);
  });
});
