import { SystemAccountRepository } from '../../../services/api/src/admin/system-account.repository';
import { newOpaqueToken, TOKEN_PREFIX } from '../../../services/api/src/auth/opaque-token';
import { aUser, bearer, type SignedInUser } from '../organizations/organizations.support';
import { useSystem } from '../../support/system-fixture';

const BUDGET = 3;
const f = useSystem({ env: { USER_RATE_LIMIT_PER_MINUTE: String(BUDGET) } });

const me = (user: SignedInUser) => f.http().get('/api/v1/auth/me').set(bearer(user));

describe('bearer calls, per user', () => {
  it('when a user goes past its budget, then 429 with Retry-After, the RateLimit headers and a detail; another user is not held back', async () => {
    const [user, other] = [await aUser(f.system.api.db, 'busy'), await aUser(f.system.api.db, 'calm')];
    const answers = [];
    for (let i = 0; i < BUDGET + 1; i++) answers.push(await me(user));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0].headers['ratelimit-limit']).toBe(String(BUDGET));
    expect(answers[0].headers['ratelimit-remaining']).toBe(String(BUDGET - 1));
    const refused = answers[BUDGET];
    expect(refused.body).toEqual({ detail: expect.stringMatching(/rate limit exceeded for this user/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);

    // Every operation of the user draws on the same budget.
    expect((await f.http().get('/api/v1/organizations').set(bearer(user))).status).toBe(429);
    const calm = await me(other);
    expect(calm.status).toBe(200);
    expect(calm.headers['ratelimit-remaining']).toBe(String(BUDGET - 1));
  });

  it('when a system account goes past its budget, then it gets a 429 and another account does not', async () => {
    const accounts = new SystemAccountRepository(f.system.api.db);
    const credentialOf = async (name: string) => {
      const account = await accounts.create(`${name}-${Date.now()}`, ['health:read']);
      const secret = newOpaqueToken(TOKEN_PREFIX.systemAccount);
      await accounts.addCredential(account.id, secret.hash, null);
      return { Authorization: `Bearer ${secret.plaintext}` };
    };
    const [busy, calm] = [await credentialOf('busy'), await credentialOf('calm')];
    const health = (credential: Record<string, string>) => f.http().get('/api/v1/admin/health').set(credential);
    const statuses = [];
    for (let i = 0; i < BUDGET + 1; i++) statuses.push((await health(busy)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await health(busy)).body).toEqual({ detail: expect.stringMatching(/rate limit exceeded for this system account/) });
    expect((await health(calm)).status).toBe(200);
  });
});
