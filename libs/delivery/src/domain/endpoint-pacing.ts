import type { SendSlot } from '../data/endpoint-health.repository';

/** Send now, or requeue the same attempt for `delayMs`, carrying the slot it holds (epoch ms). */
export type PaceVerdict = { kind: 'send'; waitedMs: number } | { kind: 'hold'; delayMs: number; slot: number; late: boolean };

/** What a requeued delivery brings back: its slot, and whether it already came back late once. */
export interface HeldSlot {
  slot: number;
  late: boolean;
}

export interface EndpointPacingOptions {
  /** The longest a delivery waits in the worker for its slot; one further away is requeued. */
  maxWaitMs: number;
  /**
   * Deliveries of a lane waiting in the worker at once: each holds a message of the lane's
   * prefetch while it waits, so they get a project's share of it and no more.
   */
  maxWaiting: number;
}

/** What the pacing reads the schedule with (EndpointHealthPort.claimSlot). */
export type ClaimSlot = (endpointId: string, projectId: string) => Promise<SendSlot | undefined>;

/**
 * How late after its slot a delivery may still go: half an interval, so a late send and the next
 * slot's send stay apart, but never less than this (at thousands per second a timer's jitter is
 * more than half an interval, and chasing slots would only waste them).
 */
const MIN_LATENESS_MS = 20;
/** Fresh slots one handling of a delivery claims at most; late even then, the worker is behind and it goes. */
const MAX_CLAIMS = 3;

/**
 * A rate-limited consumer endpoint's deliveries go out at its rate across every worker: each
 * delivery claims the next slot of the endpoint's schedule in PostgreSQL (one UPDATE, only for
 * endpoints with a limit), then waits for it here when it is close, or is requeued delayed to
 * it, the same attempt, so nothing above the rate fails. A requeued delivery comes back holding
 * its slot and is sent without claiming another.
 *
 * A delivery that finds itself late for its slot by more than half an interval (a delay queue
 * held it behind longer-lived messages, the lane had a backlog, or a busy process woke it late)
 * claims a fresh slot instead: sending it then would bunch it with the sends of later slots.
 * Every send thus goes within half an interval after a slot of its own, so no second holds more
 * than the rate + 1 (bar a process so far behind that it is late three times in a row).
 *
 * A requeued delivery comes back late once at most: one late again goes at once. On RabbitMQ a
 * held message waits in the delay queue of its band behind whatever is ahead of it (retries with
 * longer delays); under steady retry traffic a delivery chasing fresh slots could come back late
 * every time, wasting a slot each time and never going. Bounded so, the endpoint may get a few
 * sends closer together than its rate after such a hold-up, and every delivery is sent.
 */
export class EndpointPacing {
  private waiting = 0;

  constructor(
    private readonly claim: ClaimSlot,
    private readonly options: EndpointPacingOptions,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  async pace(endpointId: string, projectId: string, ratePerSecond: number, held?: HeldSlot): Promise<PaceVerdict> {
    const lateness = Math.max(500 / ratePerSecond, MIN_LATENESS_MS);
    let slot = held?.slot;
    let late = held?.late ?? false;
    if (held && this.now() - held.slot > lateness) {
      if (late) return { kind: 'send', waitedMs: 0 };
      late = true;
    }
    let waitedMs = 0;
    for (let claims = 0; ;) {
      if (slot === undefined || this.now() - slot > lateness) {
        if (claims++ === MAX_CLAIMS) return { kind: 'send', waitedMs };
        const claimed = await this.claim(endpointId, projectId);
        // The limit was removed since the notification was read: nothing to wait for.
        if (!claimed) return { kind: 'send', waitedMs };
        slot = this.now() + claimed.waitMs;
      }
      const wait = Math.ceil(slot - this.now());
      if (wait <= 0) return { kind: 'send', waitedMs };
      if (wait > this.options.maxWaitMs || this.waiting >= this.options.maxWaiting) return { kind: 'hold', delayMs: wait, slot, late };
      this.waiting++;
      try {
        await this.sleep(wait);
      } finally {
        this.waiting--;
      }
      waitedMs += wait;
    }
  }

  /** Deliveries of this pacing waiting for their slot right now. */
  get waitingNow(): number {
    return this.waiting;
  }
}
