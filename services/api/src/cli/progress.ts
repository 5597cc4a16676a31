const BAR_WIDTH = 30;
const PLAIN_EVERY_MS = 5000;

/**
 * Progress of a long command on stderr (stdout stays the result): a bar redrawn in place when
 * stderr is a terminal, otherwise a plain line at most every 5 s, so logs stay readable.
 */
export class Progress {
  private done = 0;
  private lastPlain = Date.now();
  private readonly tty = process.stderr.isTTY === true;

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  advance(n: number): void {
    this.done += n;
    if (this.tty) {
      const share = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
      const filled = Math.round(share * BAR_WIDTH);
      process.stderr.write(`\r${this.label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${this.done}/${this.total}`);
    } else if (Date.now() - this.lastPlain >= PLAIN_EVERY_MS) {
      this.lastPlain = Date.now();
      process.stderr.write(`${this.label}: ${this.done}/${this.total}\n`);
    }
  }

  /** Ends the bar's line, so what follows starts on a fresh one. */
  finish(): void {
    if (this.tty && this.done > 0) process.stderr.write('\n');
  }
}
