import type { Logger } from '@herald/logger';
import type { UsageCount, UsageRepository } from './usage.repository';

const HOUR_MS = 3600 * 1000;

/**
 * Counts requests per project, hour, method and endpoint in memory, and adds them to
 * usage_hourly with one upsert per flush (periodically and at shutdown): no database write per
 * request. A failed flush keeps its counts for the next one; a crash loses at most one interval.
 */
export class UsageMeter {
  private counts = new Map<string, UsageCount>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly usage: UsageRepository,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  count(projectId: string, method: string, endpoint: string): void {
    const hour = new Date(Math.floor(this.now() / HOUR_MS) * HOUR_MS);
    const key = `${projectId} ${hour.getTime()} ${method} ${endpoint}`;
    const current = this.counts.get(key);
    if (current) current.count += 1;
    else this.counts.set(key, { projectId, hour, method, endpoint, count: 1 });
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Flushes are serialised: each one writes what was counted before it started. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushOnce());
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async flushOnce(): Promise<void> {
    if (this.counts.size === 0) return;
    const batch = this.counts;
    this.counts = new Map();
    try {
      await this.usage.add([...batch.values()]);
    } catch (err) {
      for (const [key, row] of batch) {
        const current = this.counts.get(key);
        if (current) current.count += row.count;
        else this.counts.set(key, row);
      }
      this.logger.warn('usage flush failed; counts kept for the next flush', { error: (err as Error).message });
    }
  }
}
