import { LANES, type Lane } from '@herald/contracts';

/**
 * Units of work (notifications) one process holds at once, across all the messages it has taken.
 * The broker's prefetch bounds messages, but a message is an event of 1 to 3,000 notifications:
 * 32 events of 1,000 planned, inserted and published together held ~100 MB more than two at a
 * time (bench, issue 12). An event takes as many units as it has notifications and waits until
 * they are free; one larger than the whole budget waits until it has the budget to itself, so
 * memory stays bounded by the larger of the budget and one event, whatever the event sizes.
 * Waiters are served by priority, then in arrival order: a `high` event waits only for units to
 * come back, never behind waiting `low` events (the fan-out lanes share one budget), and within a
 * priority a large event is not overtaken forever by small ones. Herald's own emails (`system`)
 * come first: one notification each, and no more of them in flight than their lane's prefetch.
 */
export class WorkBudget {
  private used = 0;
  /** One FIFO of waiters per priority, most urgent first. */
  private readonly waiting = new Map<Lane, Array<{ units: number; start: () => void }>>(LANES.map((p) => [p, []]));

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`a work budget needs at least 1 unit, not ${capacity}`);
  }

  /** Units held by running work. */
  get inUse(): number {
    return this.used;
  }

  /** Work waiting for units. */
  get queued(): number {
    let n = 0;
    for (const queue of this.waiting.values()) n += queue.length;
    return n;
  }

  /** Runs `work` while holding `units` (at most the whole budget), released however it ends. */
  async run<T>(units: number, work: () => Promise<T>, priority: Lane = 'medium'): Promise<T> {
    const taken = Math.min(Math.max(0, Math.ceil(units)), this.capacity);
    await this.acquire(taken, priority);
    try {
      return await work();
    } finally {
      this.used -= taken;
      this.drain();
    }
  }

  private acquire(units: number, priority: Lane): Promise<void> {
    if (this.queued === 0 && this.used + units <= this.capacity) {
      this.used += units;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiting.get(priority)!.push({ units, start: resolve });
      // A high event may fit now although lower ones wait.
      this.drain();
    });
  }

  /** Starts waiters, most urgent first; stops at the first that does not fit (no overtaking). */
  private drain(): void {
    for (;;) {
      const queue = LANES.map((p) => this.waiting.get(p)!).find((q) => q.length > 0);
      if (!queue || this.used + queue[0].units > this.capacity) return;
      const next = queue.shift()!;
      this.used += next.units;
      next.start();
    }
  }
}
