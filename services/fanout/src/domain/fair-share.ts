import type { Priority } from '@herald/contracts';

interface Bucket {
  tokens: number;
  at: number;
}

/** Above this many projects, buckets that have refilled completely (idle projects) are forgotten. */
const MAX_TRACKED = 10_000;

/**
 * Keeps one project's backlog from starving the others in a shared lane. Each project has a
 * token bucket of deliveries per fan-out process (`ratePerSecond`, `burst`); an event whose
 * deliveries the bucket cannot cover goes one lane down (`medium` to `low`), and the bucket goes
 * into debt (at most `burst`), so a project that keeps flooding stays demoted until it slows
 * down. Quiet projects stay in `medium`, ahead of the flood. `high` is never demoted: it is the
 * lane a password reset must not lose, and its consumers have capacity of their own.
 * In memory, per process: no round trip per event; N fan-out replicas allow N x the rate.
 */
export class FairShare {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
  ) {}

  get enabled(): boolean {
    return this.ratePerSecond > 0 && this.burst > 0;
  }

  /**
   * The lane for an event's `deliveries` deliveries of `priority`, charging the project's bucket.
   * `low` is not charged: it cannot get ahead of anyone's medium, and charging it made a project's
   * bulk `low` mail push its own `medium` mail behind that very backlog (measured by the bench).
   */
  lane(projectId: string, priority: Priority, deliveries: number, now = Date.now()): Priority {
    if (!this.enabled || deliveries === 0 || priority === 'low') return priority;
    const bucket = this.refilled(projectId, now);
    const covered = bucket.tokens >= deliveries;
    bucket.tokens = Math.max(bucket.tokens - deliveries, -this.burst);
    if (covered || priority !== 'medium') return priority;
    return 'low';
  }

  private refilled(projectId: string, now: number): Bucket {
    let bucket = this.buckets.get(projectId);
    if (!bucket) {
      if (this.buckets.size >= MAX_TRACKED) this.forgetIdle(now);
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(projectId, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond);
    bucket.at = now;
    return bucket;
  }

  private forgetIdle(now: number): void {
    for (const [id, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.ratePerSecond >= this.burst) this.buckets.delete(id);
    }
  }
}
