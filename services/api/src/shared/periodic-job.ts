import type { Logger } from '@herald/logger';

/**
 * Background work an area runs beside the requests (a flush, a scrub, a listener): app.ts starts
 * every area's jobs before the server listens and stops them before the database closes.
 */
export interface AreaJob {
  readonly name: string;
  start(): void | Promise<void>;
  /**
   * Called once the server has stopped taking connections, before app.ts waits for the open ones
   * to finish: work that keeps responses open (live streams) ends them here, or the drain would
   * wait for them.
   */
  drain?(): Promise<void>;
  /** One run now, after any in progress (tests call it instead of waiting for the interval). */
  runOnce?(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs `work` every `intervalMs` (a tick is skipped while a run is in progress); stop() waits for the run in progress. */
export class PeriodicJob implements AreaJob {
  private timer?: NodeJS.Timeout;
  private tail: Promise<void> = Promise.resolve();
  private busy = 0;

  constructor(
    readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.busy === 0) void this.runOnce();
    }, this.intervalMs);
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
