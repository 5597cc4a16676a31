import type { Writable } from 'node:stream';

/** The parts of amqplib's internal Connection this relies on (amqplib 0.10-2.x). */
interface FrameMuxer {
  out?: Writable;
  _readIncoming?: () => void;
}

const COALESCED = Symbol('herald.coalescedFrameWrites');

/**
 * Makes amqplib write each batch of outgoing frames to the socket in one syscall.
 *
 * amqplib queues each channel's frames (publishes, acks, confirms) in a stream and its muxer
 * moves them to the socket one `write` per frame; with Nagle off (`noDelay`) each becomes its own
 * TCP segment and syscall. Under load a batch holds dozens of frames, and those writes were about a
 * fifth of the stack's CPU per delivery (docs/benchmarks.md). Corking the socket for the length
 * of one pass of the muxer hands the batch to the kernel as a single writev, in the same order;
 * nothing waits for a later batch, so latency is unchanged.
 *
 * Returns false, leaving the connection as it was, when amqplib's internals are not shaped as
 * expected (a later amqplib): frames are then written as amqplib writes them, correct but slower.
 */
export function coalesceFrameWrites(connection: unknown): boolean {
  const muxer = (connection as { muxer?: FrameMuxer } | null)?.muxer;
  if (!muxer || typeof muxer._readIncoming !== 'function' || typeof muxer.out?.cork !== 'function') return false;
  const tagged = muxer as FrameMuxer & { [COALESCED]?: true };
  if (tagged[COALESCED]) return true;
  const readIncoming = muxer._readIncoming.bind(muxer);
  const out = muxer.out;
  muxer._readIncoming = () => {
    out.cork();
    try {
      readIncoming();
    } finally {
      out.uncork();
    }
  };
  tagged[COALESCED] = true;
  return true;
}
