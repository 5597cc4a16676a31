import { UnsubscribeTokens } from '@herald/secrets';
import { useSystem } from '../../support/system-fixture';

const f = useSystem({ env: { UNSUBSCRIBE_PER_IP_PER_MINUTE: '3' } });

describe('the unsubscribe link throttle', () => {
  it('when one client address calls the link past its budget, then 429 with Retry-After, valid token or not', async () => {
    const token = new UnsubscribeTokens(f.config.unsubscribeKey).sign({
      projectId: f.project.project_id,
      recipient: 'ada@example.com',
      category: 'marketing',
    });
    const statuses: number[] = [];
    for (const t of [token, 'u1.bad.token', token]) statuses.push((await f.http().get('/api/v1/unsubscribe').query({ token: t })).status);
    expect(statuses).toEqual([200, 404, 200]);
    const refused = await f.http().post('/api/v1/unsubscribe').query({ token }).type('form').send('List-Unsubscribe=One-Click');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
