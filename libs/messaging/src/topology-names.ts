import type { Channel, Lane } from '@herald/contracts';

/**
 * Every exchange and queue name, in one place. The namespace prefix lets several installs
 * (or parallel test runs) share one vhost without consuming each other's messages.
 */
export class TopologyNames {
  constructor(readonly namespace = '') {}

  /** Accepted events; the API's outbox relay publishes here. */
  get eventsExchange() {
    return `${this.namespace}herald.events`;
  }
  /** Deliveries, routed by channel name. */
  get deliveriesExchange() {
    return `${this.namespace}herald.deliveries`;
  }
  /** Accepted events wait for fan-out in one lane per priority, and `system`; `medium` keeps the name the queue always had. */
  fanoutLane(priority: Lane = 'medium') {
    return `${this.namespace}fanout.events${priority === 'medium' ? '' : `.${priority}`}`;
  }
  get fanoutQueue() {
    return this.fanoutLane('medium');
  }
  /** The routing key on the events exchange that reaches `fanoutLane(priority)`. */
  eventRoutingKey(priority: Lane = 'medium') {
    return priority === 'medium' ? 'event.accepted' : `event.accepted.${priority}`;
  }
  get fanoutDlq() {
    return `${this.namespace}fanout.events.dlq`;
  }
  /** One work queue per channel and lane; `medium` keeps the name the queue always had. */
  deliveryQueue(channel: Channel, priority: Lane = 'medium') {
    return `${this.namespace}${channel}-worker.deliveries${priority === 'medium' ? '' : `.${priority}`}`;
  }
  /** The routing key on the deliveries exchange that reaches `deliveryQueue(channel, priority)`. */
  deliveryRoutingKey(channel: Channel, priority: Lane = 'medium') {
    return priority === 'medium' ? channel : `${channel}.${priority}`;
  }
  retryQueue(channel: Channel, delayMs: number) {
    return `${this.namespace}${channel}-worker.retry.${delayMs}ms`;
  }
  deadLetterQueue(channel: Channel) {
    return `${this.namespace}${channel}-worker.dlq`;
  }
}
