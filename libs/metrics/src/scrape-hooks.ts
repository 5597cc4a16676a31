/**
 * Gauges that cost a round trip to read (queue depths from the broker, the outbox backlog from
 * PostgreSQL) are refreshed when Prometheus scrapes, not on a timer: no scrape, no load. One
 * refresh serves scrapes for `cacheMs`, so several scrapers (or a dashboard reload) cannot hammer
 * the broker, and a refresh that does not answer within `timeoutMs` leaves the last values in
 * place instead of holding the scrape.
 */
export interface ScrapeHook {
  name: string;
  refresh(): Promise<void>;
}

export class ScrapeHooks {
  private readonly hooks: ScrapeHook[] = [];
  private last = 0;
  private running?: Promise<void>;

  constructor(
    private readonly options: { cacheMs: number; timeoutMs: number; onError: (hook: string, err: Error) => void } = {
      cacheMs: 5_000,
      timeoutMs: 2_000,
      onError: () => undefined,
    },
  ) {}

  add(hook: ScrapeHook): void {
    this.hooks.push(hook);
  }

  /** Resolves once every hook refreshed, failed or ran out of time; never rejects. */
  refresh(now = Date.now()): Promise<void> {
    if (this.running) return this.running;
    if (now - this.last < this.options.cacheMs) return Promise.resolve();
    const all = Promise.all(this.hooks.map((hook) => this.runOne(hook))).then(() => undefined);
    this.running = all.finally(() => {
      this.last = Date.now();
      this.running = undefined;
    });
    return this.running;
  }

  private async runOne(hook: ScrapeHook): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    });
    try {
      await Promise.race([hook.refresh(), deadline]);
    } catch (err) {
      this.options.onError(hook.name, err as Error);
    } finally {
      clearTimeout(timer);
    }
  }
}
