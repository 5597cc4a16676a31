import type { Config } from '@herald/config';
import type { Channel, DeliveryMessage } from '@herald/contracts';
import { Database } from '@herald/db';
import { createLogger, type Logger } from '@herald/logger';
import { openMessageQueue, TopologyNames, type MessageQueue } from '@herald/messaging';
import { deleteTestTopology } from './amqp-cleanup';
import { aProject } from './projects';
import { openQueueProbe, type QueueProbe } from './queue-probe';
import { testConfig } from './test-env';

export type StartWorker = (config: Config, logger: Logger) => Promise<{ stop(): Promise<void> }>;

export interface DeadLetteredMessage {
  content: Buffer;
  headers: Record<string, unknown>;
  json?: Partial<DeliveryMessage>;
}

/**
 * One real channel worker (in-process) on its own queue namespace, a test-side queue connection
 * to publish its deliveries, and the reads the tests assert on.
 */
export class ChannelWorkerHarness {
  private readonly deadLettered: DeadLetteredMessage[] = [];

  private constructor(
    readonly channel: Channel,
    readonly config: Config,
    readonly db: Database,
    readonly worker: { stop(): Promise<void> },
    private readonly broker: MessageQueue,
    private readonly probe: QueueProbe,
  ) {}

  static async start(channel: Channel, start: StartWorker, overrides: Record<string, string> = {}): Promise<ChannelWorkerHarness> {
    const config = testConfig(overrides);
    const logger = createLogger(`${channel}-worker-test`, config.LOG_LEVEL);
    const db = await Database.connect(config.DATABASE_URL, 2);
    const worker = await start(config, logger);
    const broker = await openMessageQueue(config, logger, 'test');
    await broker.ready();
    return new ChannelWorkerHarness(channel, config, db, worker, broker, await openQueueProbe(config));
  }

  get names(): TopologyNames {
    return new TopologyNames(this.config.AMQP_NAMESPACE);
  }

  project() {
    return aProject(this.db, this.config);
  }

  /** Publishes to the deliveries exchange as fan-out does; a Buffer goes out as raw bytes. */
  publish(msg: DeliveryMessage | Buffer, headers: Record<string, string> = {}): Promise<void> {
    return this.broker.publish(this.names.deliveriesExchange, this.channel, msg, { headers });
  }

  async deadLetters(): Promise<DeadLetteredMessage[]> {
    for (const got of await this.probe.drain(this.names.deadLetterQueue(this.channel))) {
      let json: Partial<DeliveryMessage> | undefined;
      try {
        json = JSON.parse(got.body.toString('utf8'));
      } catch {
        json = undefined;
      }
      this.deadLettered.push({ content: got.body, headers: got.headers, json });
    }
    return this.deadLettered;
  }

  async queueDepth(queue: string): Promise<number> {
    return this.probe.depth(queue);
  }

  async notification(id: string) {
    const { rows } = await this.db.query('SELECT * FROM notifications WHERE id = $1', [id]);
    return rows[0];
  }

  async logs(notificationId: string) {
    const { rows } = await this.db.query('SELECT * FROM notification_logs WHERE notification_id = $1 ORDER BY id', [notificationId]);
    return rows;
  }

  async event(id: string) {
    const { rows } = await this.db.query('SELECT * FROM events WHERE id = $1', [id]);
    return rows[0];
  }

  async deadLetterRows(notificationId: string) {
    const { rows } = await this.db.query('SELECT * FROM dead_letters WHERE notification_id = $1', [notificationId]);
    return rows;
  }

  async suppressions(projectId: string) {
    const { rows } = await this.db.query(
      'SELECT channel, recipient, reason, source FROM suppressions WHERE project_id = $1 ORDER BY created_at',
      [projectId],
    );
    return rows;
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await this.broker.close();
    await this.probe.close();
    await this.db.close();
    await deleteTestTopology(this.config);
  }
}
