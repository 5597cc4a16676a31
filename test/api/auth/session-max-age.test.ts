import { eventually } from '../../support/eventually';
import { useSystem } from '../../support/system-fixture';
import { anAddress, aSession } from './sign-in.support';

/** Sessions here end 3 seconds after sign-in, whatever the refreshes. */
const sut = useSystem({ env: { SESSION_MAX_AGE_S: '3' } });

const me = (token: string) => sut.http().get('/api/v1/auth/me').set('Authorization', `Bearer ${token}`);
const refresh = (token: string) => sut.http().post('/api/v1/auth/refresh').send({ refresh_token: token });

describe('the maximum age of a session (SESSION_MAX_AGE_S)', () => {
  it('when a session reaches SESSION_MAX_AGE_S, then its refreshed access token stops working and its refresh token is refused', async () => {
    const boot = await aSession(sut.system.api.db, sut.config, anAddress('max-age'));
    const rotated = await refresh(boot.refresh_token);
    expect(rotated.status).toBe(200);
    // The tokens a refresh issues never outlive the session.
    expect(rotated.body.expires_in).toBeLessThanOrEqual(3);
    expect(rotated.body.refresh_expires_in).toBeLessThanOrEqual(3);
    expect((await me(rotated.body.access_token)).status).toBe(200);

    await eventually(async () => expect((await me(rotated.body.access_token)).status).toBe(401), 10_000, 200);
    const late = await refresh(rotated.body.refresh_token);
    expect(late.status).toBe(401);
    expect(late.body.detail).toBe('refresh token is unknown, expired or revoked');
  });

  it('when a refresh token issued under a longer maximum age is used after SESSION_MAX_AGE_S, then it is refused', async () => {
    // `herald bootstrap` run with the default 30-day maximum, read by an api that now allows 3 seconds.
    const boot = await aSession(sut.system.api.db, sut.config, anAddress('max-age-old'));
    await sut.system.api.db.query(`UPDATE sessions SET created_at = now() - interval '4 seconds' WHERE user_id = $1`, [boot.user_id]);
    expect((await refresh(boot.refresh_token)).status).toBe(401);
  });
});
