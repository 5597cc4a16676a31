import type { Logger } from '@herald/logger';
import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import type { Broker } from './broker';

/**
 * ack: done (delivered, retried through a delay queue, or dead-lettered by us).
 * reject: the message itself is unusable; the broker dead-letters it without retries.
 */
export type HandlerOutcome = 'ack' | 'reject';

export interface ConsumerOptions {
  queue: string;
  prefetch: number;
  logger: Logger;
  handle: (msg: ConsumeMessage) => Promise<HandlerOutcome>;
}

/** Unexpected failures (database down) are requeued after a pause that grows with each redelivery. */
function requeuePauseMs(msg: ConsumeMessage): number {
  const count = Number(msg.properties.headers?.['x-delivery-count'] ?? 0);
  return Math.min(30_000, 250 * 2 ** Math.min(count, 7));
}

/**
 * Consumes one queue with bounded prefetch. Stopping cancels the subscription first, then waits
 * for in-flight handlers, so SIGTERM finishes what it started and returns nothing half done.
 */
export class Consumer {
  private channel?: Channel;
  private consumerTag?: string;
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly broker: Broker,
    private readonly options: ConsumerOptions,
  ) {}

  async start(): Promise<void> {
    await this.broker.addSetup((model) => this.subscribe(model));
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const ch = this.channel;
    if (ch && this.consumerTag) await ch.cancel(this.consumerTag).catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
    await ch?.close().catch(() => undefined);
  }

  private async subscribe(model: ChannelModel): Promise<void> {
    if (this.stopping) return;
    const ch = await model.createChannel();
    ch.on('error', (err: Error) => this.options.logger.warn('consumer channel error', { queue: this.options.queue, error: err.message }));
    await ch.prefetch(this.options.prefetch);
    this.channel = ch;
    const { consumerTag } = await ch.consume(this.options.queue, (msg) => {
      if (msg) this.track(this.dispatch(ch, msg));
    });
    this.consumerTag = consumerTag;
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async dispatch(ch: Channel, msg: ConsumeMessage): Promise<void> {
    try {
      const outcome = await this.options.handle(msg);
      if (outcome === 'ack') ch.ack(msg);
      else ch.reject(msg, false);
    } catch (err) {
      this.options.logger.error('handler failed; message requeued', { queue: this.options.queue, error: (err as Error).message });
      await new Promise((r) => setTimeout(r, requeuePauseMs(msg)));
      try {
        ch.nack(msg, false, true);
      } catch {
        // The channel is gone; the broker requeues everything unacked on it.
      }
    }
  }
}
