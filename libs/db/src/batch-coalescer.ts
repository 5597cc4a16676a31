export interface CoalescerOptions<In> {
  /** Most inputs per batched call. */
  maxBatch: number;
  /** Batched calls in flight at once; 1 keeps writers from locking rows against each other. */
  concurrency: number;
  /** Inputs with equal keys never share a batch (one statement must not touch a row twice); undefined: no constraint. */
  key?: (input: In) => string | undefined;
}

interface Pending<In, Out> {
  input: In;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}

/**
 * Turns single calls from concurrent deliveries into batched calls: whatever queued up while the
 * previous batch ran goes out together, so a lone call waits for nothing and a busy worker pays
 * one round trip (and one commit) per batch instead of per delivery. When a batch fails, its
 * inputs are retried one by one, so one bad input (or a deadlock victim) fails only its caller.
 */
export class Coalescer<In, Out> {
  private queue: Pending<In, Out>[] = [];
  private running = 0;
  private pumpQueued = false;

  constructor(
    /** Returns one output per input, in input order. */
    private readonly run: (batch: In[]) => Promise<Out[]>,
    private readonly options: CoalescerOptions<In>,
  ) {}

  /**
   * Calls made in one go (a loop of publishes, `Promise.all` over a batch) share a batch even
   * when nothing is running: the pump waits for the current task's synchronous work to end (a
   * microtask, not a timer), where pumping at once would send the first call alone and the
   * second alone beside it.
   */
  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.pumpQueued) return;
      this.pumpQueued = true;
      queueMicrotask(() => {
        this.pumpQueued = false;
        this.pump();
      });
    });
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const batch = this.take();
      this.running++;
      void this.execute(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private take(): Pending<In, Out>[] {
    const { maxBatch, key } = this.options;
    const batch: Pending<In, Out>[] = [];
    const rest: Pending<In, Out>[] = [];
    const keys = new Set<string>();
    for (const p of this.queue) {
      const k = key?.(p.input);
      if (batch.length < maxBatch && (k === undefined || !keys.has(k))) {
        if (k !== undefined) keys.add(k);
        batch.push(p);
      } else {
        rest.push(p);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async execute(batch: Pending<In, Out>[]): Promise<void> {
    try {
      const outputs = await this.run(batch.map((p) => p.input));
      batch.forEach((p, i) => p.resolve(outputs[i]));
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      await Promise.all(batch.map((p) => this.run([p.input]).then(([out]) => p.resolve(out), p.reject)));
    }
  }
}
