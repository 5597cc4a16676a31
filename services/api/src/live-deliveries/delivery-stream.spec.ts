import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { DeliveryStream } from './delivery-stream';
import type { LiveDelivery } from './live-delivery';

/**
 * A response over a real Node stream: `reads` says whether the viewer takes what is written (on
 * the next turn of the event loop, as a socket would) or never takes anything.
 */
class Response extends Writable {
  taken = '';
  constructor(private readonly reads: boolean) {
    super({ highWaterMark: 16 * 1024, decodeStrings: false });
  }
  override _write(chunk: string, _encoding: string, done: () => void): void {
    if (!this.reads) return;
    this.taken += chunk;
    setImmediate(done);
  }
  writeHead(): this {
    return this;
  }
  flushHeaders(): void {}
}

const BOUND = 1024;

/** A hand-out of `count` deliveries of about 500 bytes each: 50 of them are ~25 times the bound. */
function handOut(from: number, count: number): LiveDelivery[] {
  return Array.from({ length: count }, (_, i) => ({
    cursor: BigInt(from + i),
    projectId: 'p',
    channel: 'webhook',
    outcome: 'delivered',
    eventId: 'e',
    frame: `id: ${from + i}\nevent: delivery\ndata: ${'x'.repeat(480)}\n\n`,
  }));
}

function streamTo(res: Response): { stream: DeliveryStream; ends: string[] } {
  const ends: string[] = [];
  const stream = new DeliveryStream(res as unknown as ServerResponse, {
    projectId: 'p',
    filters: {},
    bufferBytes: BOUND,
    heartbeatMs: 60_000,
    onEnd: (reason) => ends.push(reason),
  });
  stream.open();
  stream.live('event: ready\n\n', 0n);
  return { stream, ends };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('DeliveryStream', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps a viewer that reads while each hand-out is many times the bound and the next comes before it has taken the last', async () => {
    const res = new Response(true);
    const { stream, ends } = streamTo(res);
    for (let batch = 0; batch < 10; batch++) {
      stream.receive(handOut(batch * 50, 50));
      // The viewer takes one write per turn: two hand-outs in a row leave it a whole one behind.
      stream.receive(handOut(batch * 50 + 1000, 50));
      // Then it catches up before the next pair (the feed reads the database in between).
      for (let i = 0; i < 3; i++) await turn();
    }
    expect(ends).toEqual([]);
    expect(stream.isEnded).toBe(false);
    expect(res.taken.match(/event: delivery/g)).toHaveLength(1000);
  });

  it('drops a viewer that takes nothing once more than the bound is left from before the last write', () => {
    const res = new Response(false);
    const { stream, ends } = streamTo(res);
    stream.receive(handOut(0, 50));
    // All it holds is the last write: a reader could still be taking it.
    stream.receive(handOut(50, 1));
    expect(ends).toEqual([]);
    // Now it holds the first hand-out, untaken, behind the last write.
    stream.receive(handOut(51, 1));
    expect(ends).toEqual(['slow viewer']);
    expect(res.destroyed).toBe(true);
    // What is handed out after is not written (nor held) for it.
    const held = res.writableLength;
    stream.receive(handOut(52, 50));
    expect(res.writableLength).toBe(held);
  });

  it('drops a viewer that takes nothing on a heartbeat too, when no deliveries come', () => {
    jest.useFakeTimers();
    const res = new Response(false);
    const { stream, ends } = streamTo(res);
    stream.receive(handOut(0, 50));
    jest.advanceTimersByTime(60_000);
    expect(ends).toEqual([]);
    jest.advanceTimersByTime(60_000);
    expect(ends).toEqual(['slow viewer']);
    expect(stream.isEnded).toBe(true);
  });
});
