import { randomUUID } from 'node:crypto';
import type { Config } from '@herald/config';
import { deadLetterQueues, QueueStore, TopologyNames } from '@herald/messaging';
import { connect, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { Pool } from 'pg';

export interface ProbedMessage {
  body: Buffer;
  headers: Record<string, unknown>;
}

/**
 * What the tests read and do to the queues behind Herald's back, for the driver the test config
 * selects: take what waits in a queue, count it, or take one message and vanish without an ack
 * (a consumer that crashed).
 */
export interface QueueProbe {
  /** Removes and returns every message waiting in the queue now. */
  drain(queue: string): Promise<ProbedMessage[]>;
  depth(queue: string): Promise<number>;
  /** Takes the next message as a consumer that dies holding it; false when none came within a second. */
  crashOnNext(queue: string): Promise<boolean>;
  close(): Promise<void>;
}

export async function openQueueProbe(config: Config): Promise<QueueProbe> {
  return config.QUEUE_DRIVER === 'postgres' ? new PostgresProbe(config) : RabbitMqProbe.open(config);
}

/** Claims through the driver's own SQL, so the delivery limit applies as it does to a real consumer. */
class PostgresProbe implements QueueProbe {
  private readonly pool: Pool;
  private readonly store: QueueStore;
  private readonly deadLetterQueues: Map<string, string>;

  constructor(config: Config) {
    this.pool = new Pool({ connectionString: config.DATABASE_URL, max: 2 });
    this.store = new QueueStore(this.pool);
    this.deadLetterQueues = deadLetterQueues(new TopologyNames(config.AMQP_NAMESPACE));
  }

  async drain(queue: string): Promise<ProbedMessage[]> {
    const token = randomUUID();
    const rows = await this.store.claim(queue, 1_000_000, 60_000, token);
    await this.store.ack(rows.map((r) => ({ id: r.id, token })));
    return rows.map((r) => ({
      body: r.body,
      headers: { ...r.headers, ...(r.death_reason ? { 'x-first-death-reason': r.death_reason } : {}) },
    }));
  }

  async depth(queue: string): Promise<number> {
    return (await this.store.stats([queue], 60_000)).get(queue)?.messages ?? 0;
  }

  /** A lease of zero: the message is due again at once, as RabbitMQ requeues it when the connection drops. */
  async crashOnNext(queue: string): Promise<boolean> {
    const deadline = Date.now() + 1000;
    do {
      const { deliver } = await this.store.claimForDelivery(queue, 1, 0, randomUUID(), this.deadLetterQueues.get(queue));
      if (deliver.length) return true;
      await new Promise((r) => setTimeout(r, 50));
    } while (Date.now() < deadline);
    return false;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

class RabbitMqProbe implements QueueProbe {
  private constructor(
    private readonly config: Config,
    private readonly amqp: ChannelModel,
  ) {}

  static async open(config: Config): Promise<RabbitMqProbe> {
    return new RabbitMqProbe(config, await connect(config.AMQP_URL));
  }

  async drain(queue: string): Promise<ProbedMessage[]> {
    const ch = await this.amqp.createChannel();
    const out: ProbedMessage[] = [];
    try {
      for (let got = await ch.get(queue, { noAck: true }); got; got = await ch.get(queue, { noAck: true })) {
        out.push({ body: got.content, headers: got.properties.headers ?? {} });
      }
    } finally {
      await ch.close();
    }
    return out;
  }

  async depth(queue: string): Promise<number> {
    const ch = await this.amqp.createChannel();
    try {
      return (await ch.checkQueue(queue)).messageCount;
    } finally {
      await ch.close();
    }
  }

  async crashOnNext(queue: string): Promise<boolean> {
    const conn = await connect(this.config.AMQP_URL);
    try {
      const ch = await conn.createChannel();
      await ch.prefetch(1);
      const got = await new Promise<ConsumeMessage | null>((resolve) => {
        void ch.consume(queue, (msg) => resolve(msg));
        setTimeout(() => resolve(null), 1000);
      });
      return got !== null;
    } finally {
      await conn.close();
    }
  }

  async close(): Promise<void> {
    await this.amqp.close().catch(() => undefined);
  }
}
