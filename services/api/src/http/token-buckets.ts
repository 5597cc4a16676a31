/** What one request may do, and what the RateLimit-* headers tell the caller. */
export interface BucketDecision {
  allowed: boolean;
  /** The bucket size: requests a key may make at once. */
  limit: number;
  /** Whole requests left right now. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until one more request is allowed (0 when allowed now). */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms, monotonic). */
  at: number;
}

/**
 * One token bucket per key, held in this process: `ratePerSecond` tokens flow in, at most `burst`
 * are kept, each request takes one. A full bucket behaves exactly like a missing one, so buckets
 * that have refilled are dropped; the map is kept in least-recently-used order, which puts the
 * buckets most likely to be full first and makes that sweep cheap. Past `maxBuckets` the least
 * recently used bucket goes even if not full: that key then starts again with a full burst, the
 * price of bounded memory.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly maxBuckets = 100_000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.perMs = ratePerSecond / 1000;
  }

  take(key: string): BucketDecision {
    return this.decide(key, true);
  }

  /** What `take` would answer now, taking nothing (see takeAll). */
  peek(key: string): BucketDecision {
    return this.decide(key, false);
  }

  /** Gives back the token of a request that was refused further on, so it does not count. */
  refund(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.burst, bucket.tokens + 1);
  }

  private decide(key: string, take: boolean): BucketDecision {
    const now = this.now();
    const bucket = this.refilled(this.buckets.get(key), now);
    const allowed = bucket.tokens >= 1;
    if (allowed && take) bucket.tokens -= 1;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    this.evict(now);
    return {
      allowed,
      limit: this.burst,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: Math.ceil((this.burst - bucket.tokens) / this.ratePerSecond),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond)),
    };
  }

  /** Buckets held now (for tests of the memory bound). */
  get size(): number {
    return this.buckets.size;
  }

  private refilled(bucket: Bucket | undefined, now: number): Bucket {
    if (!bucket) return { tokens: this.burst, at: now };
    return { tokens: Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs), at: now };
  }

  /** Amortised O(1): each bucket is dropped at most once per time it was added. */
  private evict(now: number): void {
    for (const [key, bucket] of this.buckets) {
      const full = this.refilled(bucket, now).tokens >= this.burst;
      if (!full && this.buckets.size <= this.maxBuckets) return;
      this.buckets.delete(key);
    }
  }
}

/** One budget a request spends: a bucket set and the key within it. */
export interface Claim {
  buckets: TokenBuckets;
  key: string;
}

export type ClaimsDecision = { allowed: true; decisions: BucketDecision[] } | { allowed: false; retryAfterSeconds: number };

/**
 * All or nothing: a token from every claimed bucket, or, when any of them is empty, none at all
 * (with the longest wait among the empty ones). A request refused by one budget then costs no
 * other: a client refused for its own address cannot drain the budget others share.
 */
export function takeAll(claims: Claim[]): ClaimsDecision {
  const refused = claims.map((c) => c.buckets.peek(c.key)).filter((d) => !d.allowed);
  if (refused.length > 0) return { allowed: false, retryAfterSeconds: Math.max(...refused.map((d) => d.retryAfterSeconds)) };
  return { allowed: true, decisions: claims.map((c) => c.buckets.take(c.key)) };
}

/** Gives back what takeAll took, when the request is refused later for another reason. */
export function refundAll(claims: Claim[]): void {
  for (const c of claims) c.buckets.refund(c.key);
}
