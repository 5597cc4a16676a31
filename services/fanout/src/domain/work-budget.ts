/**
 * Units of work (notifications) one process holds at once, across all the messages it has taken.
 * The broker's prefetch bounds messages, but a message is an event of 1 to 3,000 notifications:
 * 32 events of 1,000 planned, inserted and published together held ~100 MB more than two at a
 * time (bench, issue 12). An event takes as many units as it has notifications and waits until
 * they are free; one larger than the whole budget waits until it has the budget to itself, so
 * memory stays bounded by the larger of the budget and one event, whatever the event sizes.
 * Waiters are served in arrival order: a large event is not overtaken forever by small ones.
 */
export class WorkBudget {
  private used = 0;
  private readonly waiting: Array<{ units: number; start: () => void }> = [];

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`a work budget needs at least 1 unit, not ${capacity}`);
  }

  /** Units held by running work. */
  get inUse(): number {
    return this.used;
  }

  /** Work waiting for units. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` while holding `units` (at most the whole budget), released however it ends. */
  async run<T>(units: number, work: () => Promise<T>): Promise<T> {
    const taken = Math.min(Math.max(0, Math.ceil(units)), this.capacity);
    await this.acquire(taken);
    try {
      return await work();
    } finally {
      this.used -= taken;
      this.drain();
    }
  }

  private acquire(units: number): Promise<void> {
    if (this.waiting.length === 0 && this.used + units <= this.capacity) {
      this.used += units;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ units, start: resolve }));
  }

  private drain(): void {
    while (this.waiting.length > 0 && this.used + this.waiting[0].units <= this.capacity) {
      const next = this.waiting.shift()!;
      this.used += next.units;
      next.start();
    }
  }
}
