import { CHANNELS, type Channel } from '@herald/contracts';
import { BrokerUnavailableError } from '../port/message-queue.port';
import type { TopologyNames } from '../topology-names';

/** Each work queue and its dead-letter queue, as RabbitMQ's topology declares them. */
export function deadLetterQueues(names: TopologyNames): Map<string, string> {
  return new Map([
    [names.fanoutQueue, names.fanoutDlq],
    ...CHANNELS.map((c) => [names.deliveryQueue(c), names.deadLetterQueue(c)] as const),
  ]);
}

/** The bindings RabbitMQ's topology declares: events to fan-out, deliveries by channel, '' by queue name. */
export function routeToQueue(names: TopologyNames, exchange: string, routingKey: string): string {
  if (exchange === '') return routingKey;
  if (exchange === names.eventsExchange && routingKey === 'event.accepted') return names.fanoutQueue;
  if (exchange === names.deliveriesExchange && (CHANNELS as readonly string[]).includes(routingKey)) {
    return names.deliveryQueue(routingKey as Channel);
  }
  throw new BrokerUnavailableError(`publish not confirmed: no exchange "${exchange}" routes "${routingKey}"`);
}
