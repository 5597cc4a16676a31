import type { Config } from '@herald/config';
import { TopologyNames, topologyQueues } from '@herald/messaging';
import { connect } from 'amqplib';

/** Deletes a test file's namespaced queues and exchanges so runs do not pile up on the broker. */
export async function deleteTestTopology(config: Config): Promise<void> {
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
