import type { ServerResponse } from 'node:http';

/**
 * The request-body bytes one api process holds at once. Each operation's `x-body-limit-bytes`
 * bounds one body, not how many arrive together: fifty 8 MiB uploads at once would pass every
 * per-request check and still outgrow the heap. A body counts from before its first byte is read
 * until its request is over, since the parsed body lives that long. While nothing is held, one
 * body of any allowed size is let through, so a budget below the largest limit only makes the
 * largest bodies take turns.
 */
export class BodyBudget {
  private held = 0;

  constructor(readonly maxBytes: number) {}

  get heldBytes(): number {
    return this.held;
  }

  /**
   * A taker for one request: each call takes that many more bytes, or none and returns false
   * when they would pass the budget. Whatever it took is given back when `res` closes.
   */
  forRequest(res: ServerResponse): (bytes: number) => boolean {
    let taken = 0;
    res.once('close', () => {
      this.held -= taken;
      taken = 0;
    });
    return (bytes) => {
      // Only others' bytes can make a body wait: alone, any body an operation allows goes through.
      if (this.held > taken && this.held + bytes > this.maxBytes) return false;
      this.held += bytes;
      taken += bytes;
      return true;
    };
  }
}
