import type { Logger } from '@herald/logger';

/** Runs `work` every `intervalMs` (a tick is skipped while a run is in progress); stop() waits for the run in progress. */
export class PeriodicJob {
  private timer?: NodeJS.Timeout;
  private tail: Promise<void> = Promise.resolve();
  private busy = 0;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      if (this.busy === 0) void this.runOnce();
    }, intervalMs);
    this.timer.unref();
  }

  /** Runs after any run in progress, so it sees every write committed before the call. */
  runOnce(): Promise<void> {
    this.busy += 1;
    this.tail = this.tail
      .then(() => this.work())
      .then(
        () => undefined,
        (err: Error) => void this.logger.warn(`${this.name} failed; retried next time`, { error: err.message }),
      )
      .finally(() => (this.busy -= 1));
    return this.tail;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.tail;
  }
}
