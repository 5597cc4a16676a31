import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import { requeuePauseMs, type ConsumerOptions, type QueueConsumer, type QueueMessage } from '../port/message-queue.port';
import type { SetupHost } from './topology';

function deliveryCount(msg: ConsumeMessage): number {
  return Number(msg.properties.headers?.['x-delivery-count'] ?? 0);
}

/** The neutral message: quorum queues count returns in x-delivery-count, dead-lettering names its reason. */
function toQueueMessage(msg: ConsumeMessage): QueueMessage {
  const headers: Record<string, unknown> = msg.properties.headers ?? {};
  const death = headers['x-first-death-reason'];
  return {
    body: msg.content,
    headers,
    messageId: typeof msg.properties.messageId === 'string' ? msg.properties.messageId : undefined,
    deliveryCount: deliveryCount(msg),
    redelivered: msg.fields.redelivered,
    deathReason: typeof death === 'string' ? death : undefined,
  };
}

/**
 * Consumes one queue with bounded prefetch. Stopping cancels the subscription first, then waits
 * for in-flight handlers, so SIGTERM finishes what it started and returns nothing half done.
 */
export class RabbitMqConsumer implements QueueConsumer {
  private channel?: Channel;
  private consumerTag?: string;
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly broker: SetupHost,
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
      const outcome = await this.options.handle(toQueueMessage(msg));
      if (outcome === 'ack') ch.ack(msg);
      else ch.reject(msg, false);
    } catch (err) {
      this.options.logger.error('handler failed; message requeued', { queue: this.options.queue, error: (err as Error).message });
      await new Promise((r) => setTimeout(r, requeuePauseMs(deliveryCount(msg))));
      try {
        ch.nack(msg, false, true);
      } catch {
        // The channel is gone; the broker requeues everything unacked on it.
      }
    }
  }
}
