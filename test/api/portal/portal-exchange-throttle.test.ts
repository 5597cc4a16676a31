import { useSystem } from '../../support/system-fixture';

const f = useSystem({ env: { PORTAL_CODE_EXCHANGES_PER_IP_PER_MINUTE: '3' } });

describe('consumer portal code exchanges', () => {
  it('when one client keeps exchanging codes, then past its budget it gets 429 with Retry-After, even for a good code', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await f
        .http()
        .post('/api/v1/portal/sessions')
        .send({ code: `hpc_guess${i}` });
      expect(res.status).toBe(401);
    }
    await f.http().post('/api/v1/consumers').set('X-API-Key', f.key).send({ uid: 'throttled', name: 'T' });
    const link = await f.http().post('/api/v1/consumers/throttled/portal-sessions').set('X-API-Key', f.key).send({});
    const code = new URL(link.body.url).hash.replace(/^#code=/, '');
    const refused = await f.http().post('/api/v1/portal/sessions').send({ code });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
