/**
 * One holder's share of a lane's send slots, judged by what it has in flight, not by how fast its
 * deliveries arrive. A holder is a project, or one destination of a project (a webhook origin):
 * the lane keeps one SendShares per kind. A holder may have at most `perHolder` sends of the lane
 * at once. One more of its deliveries waits for a slot of its own; if none comes back within
 * `moveAfterMs`, its sends are slow (its receiver takes seconds, or times out) and it is
 * *congested*: that delivery, and every one of it that finds its share taken while it stays
 * congested, is moved to the lane below (the caller republishes it there), so the rest of this
 * lane's queue, other holders' deliveries, reaches the free slots instead of waiting behind its
 * backlog.
 *
 * A holder stops being congested once its sends in flight fall to half its share: its flood ended
 * or its receiver caught up. (Clearing it at a send quicker than `moveAfterMs` made a project whose
 * receiver answers in 250 ms flip back every send, so that its next deliveries waited the full
 * `moveAfterMs` again, holding the lane's deliveries in progress while they did.) A holder sending
 * alone to a fast receiver never waits long enough to move, so a burst pays nothing but the bound
 * on its concurrency. State is kept only for holders with sends in flight or waiting.
 */
export type SlotVerdict = 'send' | 'move';

interface Waiter {
  resolve: (verdict: SlotVerdict) => void;
  timer: NodeJS.Timeout;
}

interface HolderState {
  active: number;
  congested: boolean;
  waiting: Waiter[];
}

export class SendShares {
  private readonly holders = new Map<string, HolderState>();

  constructor(
    readonly perHolder: number,
    private readonly moveAfterMs: number,
  ) {}

  /** 'send' holds one of the holder's slots until `release`; 'move' holds nothing. */
  acquire(holder: string): Promise<SlotVerdict> | SlotVerdict {
    let state = this.holders.get(holder);
    if (!state) {
      state = { active: 0, congested: false, waiting: [] };
      this.holders.set(holder, state);
    }
    if (state.active < this.perHolder) {
      state.active++;
      return 'send';
    }
    if (state.congested) return 'move';
    const waiting = state;
    return new Promise<SlotVerdict>((resolve) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => this.congest(waiting), this.moveAfterMs),
      };
      waiting.waiting.push(waiter);
    });
  }

  /** Gives the slot back. */
  release(holder: string): void {
    const state = this.holders.get(holder);
    if (!state) return;
    const next = state.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve('send');
      return;
    }
    state.active--;
    if (state.active <= this.perHolder / 2) state.congested = false;
    if (state.active === 0) this.holders.delete(holder);
  }

  /** Holders with slots or waiting for them (for tests and metrics). */
  get tracked(): number {
    return this.holders.size;
  }

  /** Everyone of this holder still waiting moves: its sends have been slow for `moveAfterMs`. */
  private congest(state: HolderState): void {
    state.congested = true;
    for (const waiter of state.waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.resolve('move');
    }
  }
}
