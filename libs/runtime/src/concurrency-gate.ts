/**
 * Bounds how many holders run at once; the rest wait in arrival order. Delivery workers pass
 * every delivery of a lane through one (a batch message holds many), and the email worker its
 * deliveries with attachments, so a full prefetch of 30 MB emails cannot sit in memory together.
 */
export class ConcurrencyGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
