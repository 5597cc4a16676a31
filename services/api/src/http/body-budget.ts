import type { ServerResponse } from 'node:http';
import { requestBodiesRefused, requestBodyBytesHeld } from '@herald/metrics';

/** Which limit refused a body: the process's budget or the caller's share of it. */
export type BodyBudgetShare = 'process' | 'caller';

/** What an SRE sees of the budget: the bytes held, and each refusal with the limit that made it. */
export interface BodyBudgetGauges {
  /** The bytes held moved by this many (negative: given back). */
  held(deltaBytes: number): void;
  refused(share: BodyBudgetShare): void;
}

const processMetrics: BodyBudgetGauges = {
  held: (delta) => requestBodyBytesHeld.inc(delta),
  refused: (share) => requestBodiesRefused.inc({ share }),
};

/**
 * The request-body bytes one api process holds at once. Each operation's `x-body-limit-bytes`
 * bounds one body, not how many arrive together: fifty 8 MiB uploads at once would pass every
 * per-request check and still outgrow the heap. A body counts from before its first byte is read
 * until its request is over, since the parsed body lives that long.
 *
 * One caller (see requester.ts) may hold a quarter of the budget, so a few stalled uploads of one
 * key cannot refuse everyone else's bodies. A body alone is always let through, in the process
 * and for its caller, so a budget below the largest limit only makes the largest bodies take turns.
 */
export class BodyBudget {
  private held = 0;
  private readonly heldBy = new Map<string, number>();
  readonly perCallerBytes: number;

  constructor(
    readonly maxBytes: number,
    private readonly gauges: BodyBudgetGauges = processMetrics,
  ) {
    this.perCallerBytes = Math.floor(maxBytes / 4);
  }

  get heldBytes(): number {
    return this.held;
  }

  /**
   * A taker for one request of `caller`: each call takes that many more bytes, or none and
   * returns false when they would pass the process's budget or the caller's share of it.
   * Whatever it took is given back when `res` closes.
   */
  forRequest(res: ServerResponse, caller: string): (bytes: number) => boolean {
    let taken = 0;
    res.once('close', () => {
      if (taken) this.gauges.held(-taken);
      this.held -= taken;
      const left = (this.heldBy.get(caller) ?? 0) - taken;
      if (left > 0) this.heldBy.set(caller, left);
      else this.heldBy.delete(caller);
      taken = 0;
    });
    return (bytes) => {
      const callerHeld = this.heldBy.get(caller) ?? 0;
      // Only other bodies' bytes can make a body wait.
      if (this.held > taken && this.held + bytes > this.maxBytes) return this.refuse('process');
      if (callerHeld > taken && callerHeld + bytes > this.perCallerBytes) return this.refuse('caller');
      this.held += bytes;
      this.gauges.held(bytes);
      this.heldBy.set(caller, callerHeld + bytes);
      taken += bytes;
      return true;
    };
  }

  private refuse(share: BodyBudgetShare): false {
    this.gauges.refused(share);
    return false;
  }
}
