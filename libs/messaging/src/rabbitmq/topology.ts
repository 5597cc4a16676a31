import { CHANNELS, LANES } from '@herald/contracts';
import type { Channel as AmqpChannel, ChannelModel } from 'amqplib';
import type { Channel } from '@herald/contracts';
import { DELIVERY_LIMIT } from '../port/message-queue.port';
import { retryLadder, type RetryPolicyLike } from '../retry-schedule';
import type { TopologyNames } from '../topology-names';

/** Work run after every (re)connect: declarations, the publisher channel, a consumer's subscription. */
export type Setup = (model: ChannelModel) => Promise<void>;

/** What a consumer needs from the connection: a place to register its subscription so it is redone on reconnect. */
export interface SetupHost {
  addSetup(setup: Setup): Promise<void>;
}

function workQueueArgs(deadLetterQueue: string) {
  return {
    durable: true,
    arguments: {
      'x-queue-type': 'quorum',
      'x-delivery-limit': DELIVERY_LIMIT,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': deadLetterQueue,
    },
  };
}

/**
 * Declares everything every service relies on. Each service runs it on every (re)connect, so
 * a publisher never writes to an exchange whose queue does not exist yet (the message would be
 * dropped) and a restarted broker gets its topology back. Declarations are idempotent.
 */
export async function declareTopology(
  ch: AmqpChannel,
  names: TopologyNames,
  retryPolicies: Record<Channel, RetryPolicyLike>,
): Promise<void> {
  await ch.assertExchange(names.eventsExchange, 'direct', { durable: true });
  await ch.assertExchange(names.deliveriesExchange, 'direct', { durable: true });

  await ch.assertQueue(names.fanoutDlq, { durable: true });
  for (const priority of LANES) {
    const lane = names.fanoutLane(priority);
    await ch.assertQueue(lane, workQueueArgs(names.fanoutDlq));
    await ch.bindQueue(lane, names.eventsExchange, names.eventRoutingKey(priority));
  }

  for (const channel of CHANNELS) {
    const main = names.deliveryQueue(channel);
    const dlq = names.deadLetterQueue(channel);
    await ch.assertQueue(dlq, { durable: true });
    for (const priority of LANES) {
      const lane = names.deliveryQueue(channel, priority);
      await ch.assertQueue(lane, workQueueArgs(dlq));
      await ch.bindQueue(lane, names.deliveriesExchange, names.deliveryRoutingKey(channel, priority));
    }
    for (const delay of retryLadder(retryPolicies[channel])) {
      // Expired retries flow back into the work queue through the default exchange.
      await ch.assertQueue(names.retryQueue(channel, delay), {
        durable: true,
        arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': main },
      });
    }
  }
}

/** Queue names of the topology, for tests that clean up after themselves. */
export function topologyQueues(names: TopologyNames, retryPolicies: Record<Channel, RetryPolicyLike>): string[] {
  const queues = [...LANES.map((p) => names.fanoutLane(p)), names.fanoutDlq];
  for (const channel of CHANNELS) {
    queues.push(...LANES.map((p) => names.deliveryQueue(channel, p)), names.deadLetterQueue(channel));
    for (const delay of retryLadder(retryPolicies[channel])) queues.push(names.retryQueue(channel, delay));
  }
  return queues;
}
