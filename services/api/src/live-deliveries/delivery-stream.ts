import type { ServerResponse } from 'node:http';
import type { StreamFilters } from './delivery-feed.repository';
import type { FeedViewer } from './delivery-feed';
import { matches, type LiveDelivery } from './live-delivery';

export interface DeliveryStreamOptions {
  projectId: string;
  filters: StreamFilters;
  /** Bytes waiting in the response, beyond the last write, past which the viewer is dropped. */
  bufferBytes: number;
  heartbeatMs: number;
  /** Called once when the stream ends, however it ends. */
  onEnd(reason: 'viewer left' | 'slow viewer' | 'shutdown'): void;
}

/**
 * One viewer's Server-Sent Events response. Until `live()`, what the feed hands over waits (the
 * replay of a resume is written first); after it, matching deliveries are written as they come.
 * A viewer that stops reading is dropped once its response holds more than `bufferBytes` beyond
 * the last write, rather than buffered without end.
 */
export class DeliveryStream implements FeedViewer {
  readonly projectId: string;
  private pending: LiveDelivery[] | undefined = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private ended = false;
  private opened = false;
  /** Bytes of the last write: a viewer that reads may still hold all of it when the next comes. */
  private lastWrite = 0;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: DeliveryStreamOptions,
  ) {
    this.projectId = options.projectId;
    res.once('close', () => this.end('viewer left'));
  }

  open(): void {
    this.opened = true;
    this.res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Proxies that buffer responses (nginx) would hold the events back.
      'X-Accel-Buffering': 'no',
    });
    this.res.flushHeaders();
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  receive(deliveries: LiveDelivery[]): void {
    if (this.pending) {
      this.pending.push(...deliveries);
      // Held for the replay: as bounded as the socket.
      if (this.pending.length > 10_000) this.end('slow viewer');
      return;
    }
    this.writeDeliveries(deliveries);
  }

  /** Writes `preface` (the replay, then `ready` or `reset`), then what the feed handed over meanwhile. */
  live(preface: string, after: bigint): void {
    const waiting = this.pending ?? [];
    this.pending = undefined;
    this.write(preface);
    this.writeDeliveries(waiting.filter((d) => d.cursor > after));
  }

  end(reason: 'viewer left' | 'slow viewer' | 'shutdown'): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    this.pending = undefined;
    // Never opened (the feed could not start): the error handler answers instead.
    // A slow viewer's socket is full: ending politely would wait behind it.
    if (this.opened && reason === 'slow viewer') this.res.destroy();
    else if (this.opened) this.res.end();
    this.options.onEnd(reason);
  }

  private writeDeliveries(deliveries: LiveDelivery[]): void {
    let text = '';
    for (const d of deliveries) if (matches(d, this.options.filters)) text += d.frame;
    if (text) this.write(text);
  }

  // Judged on what is left of the writes before the last: the feed hands out up to a batch at
  // once (1,000 attempts, about 0.5 MB), and a full batch is followed by the next at once, so a
  // viewer reading at full speed can hold a whole hand-out when the next arrives. Judged on all it
  // holds, a bound below one hand-out dropped viewers that were reading.
  private write(text: string): void {
    if (this.ended) return;
    if (this.res.writableLength - this.lastWrite > this.options.bufferBytes) {
      this.end('slow viewer');
      return;
    }
    this.res.write(text);
    this.lastWrite = Buffer.byteLength(text);
  }
}
