import type { Config } from '@herald/config';
import { QueueStore, TopologyNames, topologyQueues } from '@herald/messaging';
import { connect } from 'amqplib';
import { Pool } from 'pg';

/** Deletes a test file's namespaced queues (and exchanges, or rows) so runs do not pile up. */
export async function deleteTestTopology(config: Config): Promise<void> {
  if (config.QUEUE_DRIVER === 'postgres') return purgePostgresQueues(config);
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  const conn = await connect(config.AMQP_URL);
  try {
    const ch = await conn.createChannel();
    for (const q of topologyQueues(names, config.retryPolicies)) await ch.deleteQueue(q);
    await ch.deleteExchange(names.eventsExchange);
    await ch.deleteExchange(names.deliveriesExchange);
    await ch.close();
  } finally {
    await conn.close();
  }
}

async function purgePostgresQueues(config: Config): Promise<void> {
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 1 });
  try {
    await new QueueStore(pool).purge(config.AMQP_NAMESPACE);
  } finally {
    await pool.end();
  }
}
