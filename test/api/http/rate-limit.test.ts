import { useSystem } from '../../support/system-fixture';
import { eventually } from '../../support/eventually';
import { aProject } from '../../support/projects';

const BURST = 3;
const f = useSystem({ env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: String(BURST) } });

const listEvents = (key: string) => f.http().get('/api/v1/events').set('X-API-Key', key);

/** Requests until the first 429 (the bucket refills slowly, so a few past the burst are enough). */
async function exhaust(key: string) {
  const statuses: number[] = [];
  for (let i = 0; i < BURST + 5; i++) {
    const res = await listEvents(key);
    statuses.push(res.status);
    if (res.status === 429) return { statuses, throttled: res };
  }
  throw new Error(`never throttled: ${statuses.join(', ')}`);
}

describe('rate limits per API key', () => {
  it('when a key makes its first request, then the answer carries its budget', async () => {
    const { api_key } = await aProject(f.system.api.db, f.config);
    const res = await listEvents(api_key);
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-limit']).toBe(String(BURST));
    expect(res.headers['ratelimit-remaining']).toBe(String(BURST - 1));
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  });

  it('when a key goes past its burst, then 429 with Retry-After and the RateLimit headers', async () => {
    const { api_key } = await aProject(f.system.api.db, f.config);
    const { statuses, throttled } = await exhaust(api_key);
    expect(statuses.slice(0, BURST)).toEqual(Array(BURST).fill(200));
    expect(throttled.body).toEqual({ detail: expect.stringMatching(/rate limit/) });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(throttled.headers['ratelimit-limit']).toBe(String(BURST));
    expect(throttled.headers['ratelimit-remaining']).toBe('0');
    expect(Number(throttled.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  });

  it('when one key is throttled, then another key is not', async () => {
    const project = await aProject(f.system.api.db, f.config);
    await exhaust(project.api_key);
    const other = await aProject(f.system.api.db, f.config);
    const res = await listEvents(other.api_key);
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-remaining']).toBe(String(BURST - 1));
  });

  it('when Retry-After has passed, then the key works again', async () => {
    const { api_key } = await aProject(f.system.api.db, f.config);
    await exhaust(api_key);
    await eventually(async () => expect((await listEvents(api_key)).status).toBe(200));
  });

  it('when a request has no valid key, then it is a 401 without RateLimit headers', async () => {
    const res = await listEvents('hk_not-a-real-key');
    expect(res.status).toBe(401);
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });
});
