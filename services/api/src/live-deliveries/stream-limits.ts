import { Throttled } from '@herald/errors';

/** How long a refused viewer is asked to wait: streams end when their viewers leave, not on a clock. */
const RETRY_AFTER_S = 5;

/** Open streams per caller (an API key or a member) and per process; a slot is held until released. */
export class StreamLimits {
  private readonly open = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perCaller: number,
    private readonly perProcess: number,
  ) {}

  /** Takes a slot or throws `throttled` (429); the returned function gives it back (once). */
  take(caller: string): () => void {
    const held = this.open.get(caller) ?? 0;
    if (held >= this.perCaller) throw new Throttled(`at most ${this.perCaller} live streams may be open at once per caller`, RETRY_AFTER_S);
    if (this.total >= this.perProcess)
      throw new Throttled('this api process has as many live streams open as it serves; retry later', RETRY_AFTER_S);
    this.open.set(caller, held + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.open.get(caller) ?? 1) - 1;
      if (left === 0) this.open.delete(caller);
      else this.open.set(caller, left);
    };
  }
}
