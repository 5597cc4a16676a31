import { requestFrom } from '../../support/from-address';
import { useSystem } from '../../support/system-fixture';

const BUDGET = 2;
/** The client is the TCP peer: nothing is trusted to say otherwise. */
const direct = useSystem({ env: { CLIENT_IP_RATE_LIMIT_PER_MINUTE: String(BUDGET) } });
/** Behind an ingress: loopback and 10/8 are proxies, whose X-Forwarded-For names the client. */
const proxied = useSystem({ env: { CLIENT_IP_RATE_LIMIT_PER_MINUTE: String(BUDGET), TRUST_PROXY_CIDRS: '127.0.0.0/8, 10.0.0.0/8' } });

/** An operation anyone may call without credentials. */
const providers = (api: { baseUrl: string }, from: string, forwardedFor?: string) =>
  requestFrom(`${api.baseUrl}/oauth/providers`, { from, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

describe('calls without credentials, per client IP', () => {
  it('when a client goes past its budget, then 429 with Retry-After, the RateLimit headers and a detail; another client is not held back', async () => {
    const api = direct.system.api;
    const first = await providers(api, '127.0.0.51');
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe(String(BUDGET));
    expect(first.headers['ratelimit-remaining']).toBe(String(BUDGET - 1));
    expect((await providers(api, '127.0.0.51')).status).toBe(200);

    const refused = await providers(api, '127.0.0.51');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/rate limit exceeded for this client address/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-limit']).toBe(String(BUDGET));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);

    expect((await providers(api, '127.0.0.52')).status).toBe(200);
  });

  it('when a sign-in call is refused on the way, then it still counts against its client (a refresh with a bad token)', async () => {
    const refresh = () =>
      requestFrom(`${direct.system.api.baseUrl}/auth/refresh`, {
        from: '127.0.0.53',
        method: 'POST',
        body: { refresh_token: 'hrt_guess' },
      });
    const statuses = [];
    for (let i = 0; i < BUDGET + 1; i++) statuses.push((await refresh()).status);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('when health is probed often from one address, then it is never throttled', async () => {
    for (let i = 0; i < BUDGET + 2; i++) {
      expect((await requestFrom(`${direct.system.api.baseUrl}/health`, { from: '127.0.0.54' })).status).toBe(200);
    }
  });
});

describe('the client IP behind proxies (TRUST_PROXY_CIDRS)', () => {
  it('when no proxy is trusted, then a forged X-Forwarded-For does not give a client a fresh budget', async () => {
    const api = direct.system.api;
    const statuses = [];
    for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) statuses.push((await providers(api, '127.0.0.55', forged)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('when the peer is a trusted proxy, then X-Forwarded-For decides the bucket', async () => {
    const api = proxied.system.api;
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2'])
      statuses.push((await providers(api, '127.0.0.56', client)).status);
    expect(statuses).toEqual([200, 200, 429, 200]);
  });

  it('when a client prepends addresses of its own, then the rightmost untrusted hop is still the client', async () => {
    const api = proxied.system.api;
    const statuses = [];
    for (const chain of ['6.6.6.1, 198.51.100.7, 10.0.0.5', '6.6.6.2, 198.51.100.7, 10.0.0.6', '198.51.100.7']) {
      statuses.push((await providers(api, '127.0.0.57', chain)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
