import type { Config } from '@herald/config';
import { connect, type ChannelModel, type ConsumeMessage } from 'amqplib';

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
  return RabbitMqProbe.open(config);
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
