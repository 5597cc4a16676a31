import type { Queryable } from '@herald/db';
import type { MessageQueue, QueueStats } from '@herald/messaging';

export interface PlatformHealth {
  status: 'healthy' | 'unhealthy';
  database: string;
  broker: string;
  queue_driver: MessageQueue['driver'];
  queues: QueueStats[];
  outbox: { backlog: number; oldest_age_seconds: number | null } | null;
  /** Pending scheduled events already due: the scheduler is behind (or not running) when this stays above zero. */
  scheduled_events: { due: number; oldest_due_age_seconds: number | null } | null;
}

/** What the check needs of PostgreSQL; `herald status` passes a stand-in that fails when it could not connect. */
export type HealthDatabase = Queryable & { ping(): Promise<void> };

const seconds = (age: number | null) => (age === null ? null : Math.max(0, Math.floor(age)));

const CHECK_TIMEOUT_MS = 2000;

/** What an operator reads when the queue is down: the thing to go and look at. */
export function notConnected(queue: MessageQueue): string {
  return queue.driver === 'rabbitmq' ? 'not connected to RabbitMQ' : 'the PostgreSQL queue is not reachable';
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/**
 * GET /admin/health and `herald status`: what an operator looks at first. Each part is checked on its own with a
 * time limit, so a down broker still shows the database and the outbox (which then grows).
 */
export class PlatformHealthCheck {
  private readonly queueNames: string[];

  constructor(
    private readonly db: HealthDatabase,
    private readonly broker: MessageQueue,
  ) {
    this.queueNames = broker.topologyQueues();
  }

  async check(): Promise<PlatformHealth> {
    const [database, outbox, scheduled, queues] = await Promise.all([
      withTimeout(this.db.ping()).then(
        () => 'ok',
        (err: Error) => `error: ${err.message}`,
      ),
      withTimeout(this.outbox()).catch(() => null),
      withTimeout(this.scheduledDue()).catch(() => null),
      withTimeout(this.broker.inspectQueues(this.queueNames)).catch(() => null),
    ]);
    const broker = queues ? 'ok' : this.broker.isConnected ? 'error: queues did not answer' : `error: ${notConnected(this.broker)}`;
    const healthy = database === 'ok' && broker === 'ok';
    return {
      status: healthy ? 'healthy' : 'unhealthy',
      database,
      broker,
      queue_driver: this.broker.driver,
      queues: queues ?? [],
      outbox,
      scheduled_events: scheduled,
    };
  }

  private async outbox(): Promise<{ backlog: number; oldest_age_seconds: number | null }> {
    const { rows } = await this.db.query<{ backlog: string; age: number | null }>(
      'SELECT count(*) AS backlog, extract(epoch FROM now() - min(created_at))::float8 AS age FROM outbox',
    );
    return { backlog: Number(rows[0].backlog), oldest_age_seconds: seconds(rows[0].age) };
  }

  /** Reads the scheduler's partial index (pending rows by scheduled_for). */
  private async scheduledDue(): Promise<{ due: number; oldest_due_age_seconds: number | null }> {
    const { rows } = await this.db.query<{ due: string; age: number | null }>(
      `SELECT count(*) AS due, extract(epoch FROM now() - min(scheduled_for))::float8 AS age
         FROM scheduled_events WHERE status = 'pending' AND scheduled_for <= now()`,
    );
    return { due: Number(rows[0].due), oldest_due_age_seconds: seconds(rows[0].age) };
  }
}
