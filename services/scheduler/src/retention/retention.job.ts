import type { Logger } from '@herald/logger';
import type { RetentionRepository } from './retention.repository';

export interface RetentionSettings {
  /** 0 keeps events forever; expired sign-in credentials are pruned either way. */
  days: number;
  batchSize: number;
  intervalMs: number;
}

export interface RetentionPass {
  events: number;
  credentials: number;
}

/**
 * Keeps the tables that grow with traffic to the window operators chose (RETENTION_DAYS): one
 * pass deletes batch after batch until nothing old is left or the job is stopped, then waits for
 * the next interval. Batches keep each transaction short, so ingest and delivery never wait long
 * behind it.
 */
export class RetentionJob {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly repo: RetentionRepository,
    private readonly settings: RetentionSettings,
    private readonly logger: Logger,
  ) {}

  start(): void {
    const tick = () => {
      this.running = this.runOnce()
        .catch((err: Error) => this.logger.warn('retention pass failed; next one at the next interval', { error: err.message }))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.settings.intervalMs).unref();
        });
    };
    this.timer = setTimeout(tick, Math.min(this.settings.intervalMs, 60_000)).unref();
  }

  async runOnce(now = new Date()): Promise<RetentionPass> {
    const pass: RetentionPass = { events: 0, credentials: 0 };
    if (this.settings.days > 0) {
      const before = new Date(now.getTime() - this.settings.days * 86_400_000);
      for (;;) {
        const n = await this.repo.deleteFinishedEvents(before, this.settings.batchSize);
        pass.events += n;
        if (n < this.settings.batchSize || this.stopped) break;
      }
    }
    for (;;) {
      const n = await this.repo.deleteExpiredCredentials(this.settings.batchSize);
      pass.credentials += n;
      if (n === 0 || this.stopped) break;
    }
    if (pass.events || pass.credentials)
      this.logger.info('retention pass', { deleted_events: pass.events, deleted_credentials: pass.credentials });
    return pass;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
