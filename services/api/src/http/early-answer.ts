import type { Request, Response } from 'express';

/**
 * How much of an unwanted body is read and thrown away after an early answer, at most: more than
 * a client can have in flight (socket buffers on loopback hold about 4 MB), so it gets its answer.
 */
const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
const DISCARD_MAX_MS = 2_000;

/**
 * A request answered before its body was read (401, 404, 413...): the rest is read and thrown
 * away after the answer, so the connection can be reused. That is fine for a short remainder and
 * wasteful for an endless one, so discarding is capped; past the cap (bytes or time) the
 * connection is dropped. Closing at once instead would make the kernel reset the connection over
 * the unread bytes, and a client still writing could lose the answer itself (EPIPE or ECONNRESET
 * before the response arrives).
 */
export function capDiscardAfterEarlyAnswer(req: Request, res: Response): void {
  if (req.complete || res.headersSent) return;
  res.once('finish', () => {
    if (req.complete) return;
    let discarded = 0;
    const drop = () => req.socket.destroy();
    const timer = setTimeout(drop, DISCARD_MAX_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_MAX_BYTES) drop();
    });
    // The socket outlives the request on a kept-alive connection: its listener must go when
    // the discard is over, or every refused upload on that connection leaves one behind.
    const onClose = () => clearTimeout(timer);
    req.socket.once('close', onClose);
    req.once('end', () => {
      clearTimeout(timer);
      req.socket.off('close', onClose);
    });
    // The body reader pauses a body it refused; Node only drains bodies nobody started reading.
    req.resume();
  });
}
