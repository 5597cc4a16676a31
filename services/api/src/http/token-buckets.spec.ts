import { TokenBuckets } from './token-buckets';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TokenBuckets', () => {
  it('when a key is new, then it may spend its whole burst at once and no more', () => {
    const c = clock();
    const buckets = new TokenBuckets(2, 3, 100, c.now);
    expect([1, 2, 3, 4].map(() => buckets.take('k').allowed)).toEqual([true, true, true, false]);
  });

  it('when refused, then Retry-After is the wait for one token and Reset the wait for a full bucket', () => {
    const c = clock();
    const buckets = new TokenBuckets(2, 4, 100, c.now);
    for (let i = 0; i < 4; i++) buckets.take('k');
    expect(buckets.take('k')).toEqual({ allowed: false, limit: 4, remaining: 0, resetSeconds: 2, retryAfterSeconds: 1 });
  });

  it('when time passes, then tokens come back at the rate, capped at the burst', () => {
    const c = clock();
    const buckets = new TokenBuckets(2, 3, 100, c.now);
    for (let i = 0; i < 3; i++) buckets.take('k');
    c.advance(500);
    expect(buckets.take('k')).toMatchObject({ allowed: true, remaining: 0 });
    c.advance(60_000);
    expect(buckets.take('k')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('when keys go quiet long enough to refill, then their buckets are dropped', () => {
    const c = clock();
    const buckets = new TokenBuckets(10, 10, 100, c.now);
    for (let i = 0; i < 50; i++) buckets.take(`k${i}`);
    c.advance(1000);
    buckets.take('fresh');
    expect(buckets.size).toBe(1);
  });

  it('when more keys are busy than the cap, then the least recently used go first', () => {
    const c = clock();
    const buckets = new TokenBuckets(1, 5, 3, c.now);
    for (const key of ['a', 'b', 'c', 'd']) buckets.take(key);
    expect(buckets.size).toBe(3);
    // 'a' was dropped, so it starts again from a full bucket.
    expect(buckets.take('a').remaining).toBe(4);
    expect(buckets.take('d').remaining).toBe(3);
  });
});
