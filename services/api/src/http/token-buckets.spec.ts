import { refundAll, takeAll, TokenBuckets } from './token-buckets';

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

describe('takeAll', () => {
  it('when one bucket is empty, then the request takes from none and waits the longest wait', () => {
    const c = clock();
    const wide = new TokenBuckets(1, 5, 100, c.now);
    const narrow = new TokenBuckets(0.5, 1, 100, c.now);
    const claims = [
      { buckets: wide, key: 'address' },
      { buckets: narrow, key: 'client' },
    ];
    expect(takeAll(claims).allowed).toBe(true);
    for (let i = 0; i < 10; i++) expect(takeAll(claims)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(wide.peek('address')).toMatchObject({ allowed: true, remaining: 4 });
  });

  it('when a request is refused further on, then refundAll gives its tokens back, never above the burst', () => {
    const c = clock();
    const buckets = new TokenBuckets(1, 2, 100, c.now);
    const claims = [{ buckets, key: 'k' }];
    takeAll(claims);
    refundAll(claims);
    refundAll(claims);
    expect(buckets.peek('k')).toMatchObject({ remaining: 2 });
  });
});
