/**
 * Liveness of a consumer: a process whose handlers hold messages but finish none for `stallMs`
 * is wedged (a hung provider call past every timeout, a lost promise, a deadlock on a pool), and
 * only a restart frees its messages. An idle consumer (nothing in flight) is alive however long
 * it waits; so is a busy one that keeps finishing work, however slowly.
 */
export class ProgressWatchdog {
  private lastProgress: number;

  constructor(
    private readonly inFlight: () => number,
    private readonly stallMs: number,
    now = Date.now(),
  ) {
    this.lastProgress = now;
  }

  /** A handler finished (ack, reject or requeue): the consumer is moving. */
  progressed(now = Date.now()): void {
    this.lastProgress = now;
  }

  /** Why the consumer counts as wedged, or undefined while it is alive. */
  wedged(now = Date.now()): string | undefined {
    const held = this.inFlight();
    if (held === 0) {
      // Waiting for messages is not being stuck: the stall clock starts with the next message.
      this.lastProgress = now;
      return undefined;
    }
    const idleMs = now - this.lastProgress;
    return idleMs >= this.stallMs ? `${held} message(s) in flight and none finished for ${Math.round(idleMs / 1000)} s` : undefined;
  }
}
