import type { Socket } from 'node:net';
import type { Request, Response } from 'express';

/**
 * How much of an unwanted body is read and thrown away after an early answer, at most. A client
 * that writes its whole body before reading (Python's requests, most scripts) has its answer
 * waiting unread in its kernel's buffer meanwhile, and a reset destroys that answer: so every
 * body up to this size is read to its end, which costs copying bytes the client chose to send.
 */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
/** A body that stops arriving for this long is not going to end: the connection is dropped. */
const DISCARD_IDLE_MS = 5_000;
/** However it trickles, no discard outlasts this. */
const DISCARD_MAX_MS = 60_000;

type ClosingSocket = Socket & { destroySoon: () => void };

/**
 * A request answered before its body was read (401, 404, 413...): the rest is read and thrown
 * away after the answer, so the connection can be reused and the client can read its answer.
 * Closing while body bytes are still unread makes the kernel reset the connection, and a client
 * still writing loses the answer itself (EPIPE or ECONNRESET before it reads the response). That
 * holds for a connection that ends after this answer too (`Connection: close`, or the client's
 * HTTP/1.0): Node destroys it as soon as the answer is written, so here it only half-closes it
 * (the answer and a FIN) and destroys it when the body has ended. Discarding is capped (bytes,
 * idle time, total time); past a cap the connection is dropped.
 */
export function capDiscardAfterEarlyAnswer(req: Request, res: Response): void {
  if (req.complete || res.headersSent) return;
  const socket = req.socket as ClosingSocket;
  const closeWhenRead = holdCloseUntilBodyEnds(req, socket);
  res.once('finish', () => {
    if (req.complete) {
      closeWhenRead?.();
      return;
    }
    let discarded = 0;
    const drop = () => socket.destroy();
    const total = setTimeout(drop, DISCARD_MAX_MS);
    const idle = setTimeout(drop, DISCARD_IDLE_MS);
    total.unref();
    idle.unref();
    const stopTimers = () => {
      clearTimeout(total);
      clearTimeout(idle);
    };
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_MAX_BYTES) drop();
      idle.refresh();
    });
    // The socket outlives the request on a kept-alive connection: its listener must go when
    // the discard is over, or every refused upload on that connection leaves one behind.
    socket.once('close', stopTimers);
    req.once('end', () => {
      stopTimers();
      socket.off('close', stopTimers);
      closeWhenRead?.();
    });
    // The body reader pauses a body it refused; Node only drains bodies nobody started reading.
    req.resume();
  });
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
