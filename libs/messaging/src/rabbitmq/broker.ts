import { CHANNELS, LANES, type Channel } from '@herald/contracts';
import type { Logger } from '@herald/logger';
import { connect, type ChannelModel, type ConfirmChannel, type RecoveringChannelModel } from 'amqplib';
import {
  BrokerUnavailableError,
  encodeBody,
  type ConsumerOptions,
  type MessageQueue,
  type PublishOptions,
  type QueueConsumer,
  type QueueStats,
} from '../port/message-queue.port';
import { ladderBucket, retryLadder, type RetryPolicyLike } from '../retry-schedule';
import type { TopologyNames } from '../topology-names';
import { coalesceFrameWrites } from './coalesced-frame-writes';
import { RabbitMqConsumer } from './consumer';
import { declareTopology, topologyQueues, type Setup } from './topology';

export interface RabbitMqOptions {
  url: string;
  names: TopologyNames;
  retryPolicies: Record<Channel, RetryPolicyLike>;
  logger: Logger;
  /** Name shown in the broker's connection list. */
  connectionName: string;
}

/**
 * One AMQP connection per process that reconnects by itself. Topology, the confirm channel and
 * every consumer are (re)built in `setup`, which amqplib runs after each successful connect.
 */
export class RabbitMqQueue implements MessageQueue {
  readonly driver = 'rabbitmq';
  private model?: ChannelModel;
  private publisher?: Promise<ConfirmChannel>;
  /** Why the broker closed a publisher channel: amqplib fails its pending publishes with only "channel closed". */
  private readonly closeCauses = new WeakMap<ConfirmChannel, Error>();
  private readonly setups: Setup[] = [];

  private constructor(
    private readonly options: RabbitMqOptions,
    private connection?: RecoveringChannelModel,
  ) {}

  /** Resolves at once; the first connection happens in the background (a down broker must not stop the API from accepting). */
  static async start(options: RabbitMqOptions): Promise<RabbitMqQueue> {
    const broker = new RabbitMqQueue(options);
    broker.connection = await connect(options.url, {
      clientProperties: { connection_name: options.connectionName },
      // Nagle's algorithm held a lone publish until the broker's delayed ACK: a confirm at idle took
      // ~33 ms instead of ~2 (measured on loopback), once per hop of every quiet-time delivery.
      noDelay: true,
      recovery: {
        initialDelay: 200,
        maxDelay: 5000,
        maxRetries: Infinity,
        waitForConnect: false,
        setup: (model: ChannelModel) => broker.onConnected(model),
      },
    });
    broker.connection.on('disconnect', (err: Error) => {
      broker.model = undefined;
      broker.publisher = undefined;
      options.logger.warn('broker connection lost', { error: err.message });
    });
    broker.connection.on('connect-failed', (err: Error) => options.logger.warn('broker connect failed', { error: err.message }));
    broker.connection.on('error', (err: Error) => options.logger.warn('broker error', { error: err.message }));
    return broker;
  }

  /** Waits for the first connection; workers use it, since they have nothing to do without one. */
  async ready(): Promise<void> {
    await this.connection?.waitForConnect();
  }

  get isConnected(): boolean {
    return this.model !== undefined;
  }

  /** Registers work to redo on every connect (consumers); runs it now when already connected. */
  async addSetup(setup: Setup): Promise<void> {
    this.setups.push(setup);
    if (this.model) await setup(this.model);
  }

  /** Publishes persistently and resolves when the broker confirms; rejects when it cannot. */
  async publish(
    exchange: string,
    routingKey: string,
    body: unknown,
    options: PublishOptions & { expiration?: string } = {},
  ): Promise<void> {
    const ch = await this.confirmChannel();
    const content = encodeBody(body);
    await new Promise<void>((resolve, reject) => {
      ch.publish(exchange, routingKey, content, { persistent: true, contentType: 'application/json', ...options }, (err) =>
        err
          ? reject(new BrokerUnavailableError(`publish not confirmed: ${this.closeCauses.get(ch)?.message ?? err.message ?? err}`))
          : resolve(),
      );
    });
  }

  /**
   * Waits in the channel's delay queue whose TTL band fits, expires per message, and flows back
   * to the work queue (the queue dead-letters into it).
   */
  async publishDelayed(queue: string, body: unknown, delayMs: number, options: PublishOptions = {}): Promise<void> {
    // One retry ladder per channel; expired retries re-enter the channel's medium lane.
    const channel = CHANNELS.find((c) => LANES.some((p) => this.options.names.deliveryQueue(c, p) === queue));
    if (!channel) throw new Error(`no delay queues for ${queue}`);
    const bucket = ladderBucket(retryLadder(this.options.retryPolicies[channel]), delayMs);
    await this.publish('', this.options.names.retryQueue(channel, bucket), body, { ...options, expiration: String(delayMs) });
  }

  consumer(options: ConsumerOptions): QueueConsumer {
    return new RabbitMqConsumer(this, options);
  }

  topologyQueues(): string[] {
    return topologyQueues(this.options.names, this.options.retryPolicies);
  }

  /**
   * Depth and consumer count of each named queue (for platform health); a queue that does not
   * exist is reported with nulls. One channel serves the checks in turn; the broker closes a
   * channel whose checkQueue names no queue, so a fresh one is opened after such a miss.
   */
  async inspectQueues(queues: string[]): Promise<QueueStats[]> {
    const model = this.model;
    if (!model) throw new BrokerUnavailableError('broker is not connected');
    const open = async () => {
      const ch = await model.createChannel();
      ch.on('error', () => undefined);
      return ch;
    };
    let ch = await open();
    const found: QueueStats[] = [];
    try {
      for (const name of queues) {
        try {
          const q = await ch.checkQueue(name);
          found.push({ name, messages: q.messageCount, consumers: q.consumerCount });
        } catch {
          found.push({ name, messages: null, consumers: null });
          ch = await open();
        }
      }
    } finally {
      await ch.close().catch(() => undefined);
    }
    return found;
  }

  async close(): Promise<void> {
    await this.connection?.close().catch(() => undefined);
    this.model = undefined;
  }

  private async onConnected(model: ChannelModel): Promise<void> {
    // amqplib binds its own listeners only after setup succeeds; a socket that dies during setup
    // would otherwise emit an unhandled 'error' and take the process down instead of retrying.
    model.on('error', (err: Error) => this.options.logger.warn('broker connection error during setup', { error: err.message }));
    if (!coalesceFrameWrites(model.connection)) {
      this.options.logger.warn('amqplib internals changed: outgoing frames are written one syscall each (slower, still correct)');
    }
    const ch = await model.createChannel();
    await declareTopology(ch, this.options.names, this.options.retryPolicies);
    await ch.close();
    this.publisher = undefined;
    for (const setup of this.setups) await setup(model);
    this.model = model;
    this.options.logger.info('broker connected');
  }

  private confirmChannel(): Promise<ConfirmChannel> {
    const model = this.model;
    if (!model) return Promise.reject(new BrokerUnavailableError('broker is not connected'));
    if (!this.publisher) {
      const created = model.createConfirmChannel().then((ch) => {
        // A channel error (or connection loss) closes it; the next publish opens a fresh one.
        ch.on('close', () => {
          if (this.publisher === created) this.publisher = undefined;
        });
        ch.on('error', (err: Error) => {
          this.closeCauses.set(ch, err);
          this.options.logger.warn('publisher channel error', { error: err.message });
        });
        return ch;
      });
      created.catch(() => {
        if (this.publisher === created) this.publisher = undefined;
      });
      this.publisher = created;
    }
    return this.publisher;
  }
}
