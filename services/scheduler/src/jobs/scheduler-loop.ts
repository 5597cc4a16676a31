import { schedulerLag } from '@herald/metrics';
import type { Logger } from '@herald/logger';
import type { DueEventDispatcher } from '../domain/dispatch-due.use-case';

/**
 * Ticks every `intervalMs`, and sooner when the next pending event falls due before then, so
 * dispatch lag stays near zero without polling faster. Ticks never overlap; stop() lets the
 * batch in progress commit and then returns.
 */
export class SchedulerLoop {
  private running = false;
  private wake?: () => void;
  private loop?: Promise<void>;

  constructor(
    private readonly dispatcher: DueEventDispatcher,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const summary = await this.dispatcher.dispatchDue(() => this.running);
        schedulerLag.set(summary.maxLagMs / 1000);
        if (summary.dispatched + summary.failed + summary.expired > 0) {
          this.logger.info('scheduler tick', { ...summary, max_lag_ms: Math.round(summary.maxLagMs) });
        }
      } catch (err) {
        this.logger.warn('scheduler tick failed; due events wait for the next one', { error: (err as Error).message });
      }
      await this.sleep(await this.nextDelay());
    }
  }

  private async nextDelay(): Promise<number> {
    const untilDue = await this.dispatcher.msUntilNextDue().catch(() => undefined);
    // +5 ms: wake just after the row is due by the database clock, not just before.
    return untilDue === undefined ? this.intervalMs : Math.min(this.intervalMs, Math.max(0, untilDue) + 5);
  }

  private sleep(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
