import type { Socket } from 'node:net';
import type { Request, Response } from 'express';

export interface DiscardLimits {
  /**
   * How much of an unwanted body is read and thrown away after an early answer, at most. A
   * client that writes its whole body before reading (Python's requests, most scripts) has its
   * answer waiting unread in its kernel's buffer meanwhile, and a reset destroys that answer: so
   * every body up to this size is read to its end, which costs copying bytes the client chose to
   * send.
   */
  maxBytes: number;
  /** A body that stops arriving for this long is not going to end: the connection is dropped. */
  idleMs: number;
  /** However it trickles, no discard outlasts this. */
  maxMs: number;
}

const DISCARD_LIMITS: DiscardLimits = { maxBytes: 64 * 1024 * 1024, idleMs: 5_000, maxMs: 60_000 };

type ClosingSocket = Socket & { destroySoon: () => void };

/**
 * A request answered before its body was read (401, 404, 413...): the rest is read and thrown
 * away, so the connection can be reused and the client can read its answer. Closing while body
 * bytes are still unread makes the kernel reset the connection, and a client still writing loses
 * the answer itself (EPIPE or ECONNRESET before it reads the response). That holds for a
 * connection that ends after this answer too (`Connection: close`, or the client's HTTP/1.0):
 * Node destroys it as soon as the answer is written, so here it only half-closes it (the answer
 * and a FIN) and destroys it when the body has ended. Discarding is capped (bytes, idle time,
 * total time); past a cap the connection is dropped.
 */
export function capDiscardAfterEarlyAnswer(req: Request, res: Response, limits: DiscardLimits = DISCARD_LIMITS): void {
  if (req.complete || res.headersSent) return;
  const socket = req.socket as ClosingSocket;
  const closeWhenRead = holdCloseUntilBodyEnds(req, socket);
  let discarded = 0;
  const drop = () => socket.destroy();
  const total = setTimeout(drop, limits.maxMs);
  const idle = setTimeout(drop, limits.idleMs);
  total.unref();
  idle.unref();
  const stopTimers = () => {
    clearTimeout(total);
    clearTimeout(idle);
  };
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.maxBytes) drop();
    idle.refresh();
  });
  // The socket outlives the request on a kept-alive connection: its listener must go when the
  // discard is over, or every refused upload on that connection leaves one behind.
  socket.once('close', stopTimers);
  req.once('end', () => {
    stopTimers();
    socket.off('close', stopTimers);
    closeWhenRead?.();
  });
  // Reading starts now, before the answer is written. Node drains a body nobody started reading
  // when its answer is finished, but bytes it drains that way never reach a 'data' listener: the
  // caps above would not see them, and the idle limit would cut off a body still arriving.
  // (The body reader pauses a body it refused; resuming it is what reads the rest.)
  req.resume();
}

/**
 * Node ends a connection that is not kept alive with `socket.destroySoon()` once the answer is
 * written. Until the body has ended that becomes a half-close (the answer and a FIN go out, the
 * body keeps being read); the returned function does the real close. Undefined when Node's
 * socket has no destroySoon to hold back.
 */
function holdCloseUntilBodyEnds(req: Request, socket: ClosingSocket): (() => void) | undefined {
  const destroySoon = socket.destroySoon;
  if (typeof destroySoon !== 'function' || Object.prototype.hasOwnProperty.call(socket, 'destroySoon')) return undefined;
  let closeRequested = false;
  socket.destroySoon = () => {
    closeRequested = true;
    if (req.complete) destroySoon.call(socket);
    else socket.end();
  };
  return () => {
    Reflect.deleteProperty(socket, 'destroySoon');
    if (closeRequested) destroySoon.call(socket);
  };
}
