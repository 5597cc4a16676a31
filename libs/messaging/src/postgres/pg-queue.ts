import { Coalescer, NotificationListener } from '@herald/db';
import type { Logger } from '@herald/logger';
import { Pool } from 'pg';
import {
  BrokerUnavailableError,
  encodeBody,
  type ConsumerOptions,
  type MessageQueue,
  type PublishOptions,
  type QueueConsumer,
  type QueueStats,
} from '../port/message-queue.port';
import type { TopologyNames } from '../topology-names';
import { PgQueueConsumer } from './pg-consumer';
import { QUEUE_NOTIFY_CHANNEL, QUEUE_SESSION_SETTINGS, QueueStore, type Held, type NewMessage } from './queue.store';
import { deadLetterQueues, routeToQueue } from './topology';

export interface PgQueueOptions {
  url: string;
  names: TopologyNames;
  logger: Logger;
  connectionName: string;
  leaseMs: number;
  /** The longest an idle consumer goes without looking at its queue (delays and leases are timed exactly). */
  pollMs?: number;
  poolSize?: number;
}

/** Inserts in one statement per batch: publishes that queue up while one commits go out together. */
const PUBLISH_BATCH = 500;

/**
 * The `postgres` driver: queues are rows of `queue_messages`, published by committed inserts,
 * claimed with FOR UPDATE SKIP LOCKED under a lease, woken by LISTEN/NOTIFY. The topology is
 * the same as RabbitMQ's: the exchanges route to the same queue names, each work queue has its
 * dead-letter queue and the same delivery limit; delays need no queues of their own (a delayed
 * message waits in its work queue until `available_at`). See docs/postgres-queue.md.
 */
export class PgQueue implements MessageQueue {
  readonly driver = 'postgres';
  private readonly pool: Pool;
  private readonly store: QueueStore;
  private readonly listener: NotificationListener;
  private readonly consumers = new Set<PgQueueConsumer>();
  private readonly publisher: Coalescer<NewMessage, void>;
  private readonly acks: Coalescer<Held, void>;
  private readonly deadLetterQueues: Map<string, string>;
  private closed = false;

  private constructor(private readonly options: PgQueueOptions) {
    this.pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 4,
      application_name: `herald-queue-${options.connectionName}`,
      // Only the queue's own statements run here, each with an index condition: see QueueStore.run.
      onConnect: (client) => client.query(QUEUE_SESSION_SETTINGS),
    });
    // An idle client dropped by a database restart must not take the process down; the next query reconnects.
    this.pool.on('error', (err) => options.logger.warn('queue database connection lost', { error: err.message }));
    this.store = new QueueStore(this.pool);
    this.publisher = new Coalescer((batch) => this.store.insert(batch).then(() => batch.map(() => undefined)), {
      maxBatch: PUBLISH_BATCH,
      concurrency: 2,
    });
    this.acks = new Coalescer((batch) => this.store.ack(batch).then(() => batch.map(() => undefined)), { maxBatch: 500, concurrency: 1 });
    this.deadLetterQueues = deadLetterQueues(options.names);
    this.listener = new NotificationListener({
      url: options.url,
      channel: QUEUE_NOTIFY_CHANNEL,
      applicationName: `herald-queue-listen-${options.connectionName}`,
      onNotify: (queue) => {
        for (const c of this.consumers) if (c.queue === queue) c.wake();
      },
      // Announcements made while the connection was down are lost: every consumer looks again.
      onResubscribed: () => {
        options.logger.info('queue listener reconnected');
        for (const c of this.consumers) c.wake();
      },
      onError: (err) => options.logger.warn('queue listener lost its connection', { error: err.message }),
    });
  }

  /** Connects the listener and checks the queue tables exist (`herald migrate` creates them). */
  static async start(options: PgQueueOptions): Promise<PgQueue> {
    const queue = new PgQueue(options);
    try {
      await queue.pool.query('SELECT 1 FROM queue_messages LIMIT 0');
      await queue.listener.start();
    } catch (err) {
      await queue.pool.end().catch(() => undefined);
      throw err;
    }
    return queue;
  }

  get isConnected(): boolean {
    return !this.closed && this.listener.live;
  }

  async ready(): Promise<void> {
    // start() already waited for the database.
  }

  async publish(exchange: string, routingKey: string, body: unknown, options: PublishOptions = {}): Promise<void> {
    await this.insert(routeToQueue(this.options.names, exchange, routingKey), body, 0, options);
  }

  async publishDelayed(queue: string, body: unknown, delayMs: number, options: PublishOptions = {}): Promise<void> {
    await this.insert(queue, body, delayMs, options);
  }

  consumer(options: ConsumerOptions): QueueConsumer {
    const consumer = new PgQueueConsumer(
      {
        store: this.store,
        ack: (held) => this.acks.submit(held),
        leaseMs: this.options.leaseMs,
        pollMs: this.options.pollMs ?? 10_000,
        deadLetterQueue: this.deadLetterQueues.get(options.queue),
        process: `${this.options.connectionName}:${process.pid}`,
      },
      options,
    );
    return {
      start: async () => {
        this.consumers.add(consumer);
        await consumer.start();
      },
      stop: async () => {
        this.consumers.delete(consumer);
        await consumer.stop();
      },
      get inFlightCount() {
        return consumer.inFlightCount;
      },
    };
  }

  topologyQueues(): string[] {
    return [...new Set([...this.deadLetterQueues].flat())];
  }

  async inspectQueues(queues: string[]): Promise<QueueStats[]> {
    const stats = await this.store.stats(queues, this.options.leaseMs * 2);
    // A queue is a name: one without rows or consumers is simply empty.
    return queues.map((name) => ({ name, messages: stats.get(name)?.messages ?? 0, consumers: stats.get(name)?.consumers ?? 0 }));
  }

  /** Test clean-up: removes every message and consumer row of this install's namespace. */
  purge(): Promise<void> {
    return this.store.purge(this.options.names.namespace);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener.stop();
    await this.pool.end().catch(() => undefined);
  }

  private async insert(queue: string, body: unknown, delayMs: number, options: PublishOptions): Promise<void> {
    if (this.closed) throw new BrokerUnavailableError('the queue is closed');
    try {
      await this.publisher.submit({ queue, body: encodeBody(body), headers: options.headers ?? {}, messageId: options.messageId, delayMs });
    } catch (err) {
      throw new BrokerUnavailableError(`publish not confirmed: ${(err as Error).message}`);
    }
  }
}
