import { CHANNELS, LANES } from '@herald/contracts';
import { BrokerUnavailableError } from '../port/message-queue.port';
import type { TopologyNames } from '../topology-names';

/** Each work queue and its dead-letter queue, as RabbitMQ's topology declares them. */
export function deadLetterQueues(names: TopologyNames): Map<string, string> {
  return new Map([
    ...LANES.map((p) => [names.fanoutLane(p), names.fanoutDlq] as const),
    ...CHANNELS.flatMap((c) => LANES.map((p) => [names.deliveryQueue(c, p), names.deadLetterQueue(c)] as const)),
  ]);
}

/** The bindings RabbitMQ's topology declares: events to fan-out, deliveries by channel, '' by queue name. */
export function routeToQueue(names: TopologyNames, exchange: string, routingKey: string): string {
  if (exchange === '') return routingKey;
  if (exchange === names.eventsExchange) {
    for (const priority of LANES) if (names.eventRoutingKey(priority) === routingKey) return names.fanoutLane(priority);
  }
  if (exchange === names.deliveriesExchange) {
    for (const channel of CHANNELS) {
      for (const priority of LANES) {
        if (names.deliveryRoutingKey(channel, priority) === routingKey) return names.deliveryQueue(channel, priority);
      }
    }
  }
  throw new BrokerUnavailableError(`publish not confirmed: no exchange "${exchange}" routes "${routingKey}"`);
}
