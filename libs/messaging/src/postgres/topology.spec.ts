import { TopologyNames } from '../topology-names';
import { deadLetterQueues, routeToQueue } from './topology';

const names = new TopologyNames('ns.');

describe('postgres routing', () => {
  it('when published as RabbitMQ binds it, then each exchange and key reaches the same queue', () => {
    expect(routeToQueue(names, names.eventsExchange, 'event.accepted')).toBe('ns.fanout.events');
    expect(routeToQueue(names, names.eventsExchange, 'event.accepted.high')).toBe('ns.fanout.events.high');
    expect(routeToQueue(names, names.eventsExchange, 'event.accepted.low')).toBe('ns.fanout.events.low');
    expect(routeToQueue(names, names.eventsExchange, 'event.accepted.system')).toBe('ns.fanout.events.system');
    expect(routeToQueue(names, names.deliveriesExchange, 'email.system')).toBe('ns.email-worker.deliveries.system');
    expect(routeToQueue(names, names.deliveriesExchange, 'sms')).toBe('ns.sms-worker.deliveries');
    expect(routeToQueue(names, names.deliveriesExchange, 'sms.high')).toBe('ns.sms-worker.deliveries.high');
    expect(routeToQueue(names, names.deliveriesExchange, 'webhook.low')).toBe('ns.webhook-worker.deliveries.low');
    expect(routeToQueue(names, '', 'ns.webhook-worker.dlq')).toBe('ns.webhook-worker.dlq');
  });

  it('when an exchange and key route nowhere, then the publish fails instead of dropping the message', () => {
    expect(() => routeToQueue(names, names.deliveriesExchange, 'fax')).toThrow(/no exchange "ns.herald.deliveries" routes "fax"/);
    expect(() => routeToQueue(names, 'ns.elsewhere', 'event.accepted')).toThrow(/publish not confirmed/);
  });

  it('when the topology is listed, then every work queue has its dead-letter queue', () => {
    expect([...deadLetterQueues(names)]).toEqual([
      ['ns.fanout.events.system', 'ns.fanout.events.dlq'],
      ['ns.fanout.events.high', 'ns.fanout.events.dlq'],
      ['ns.fanout.events', 'ns.fanout.events.dlq'],
      ['ns.fanout.events.low', 'ns.fanout.events.dlq'],
      ['ns.email-worker.deliveries.system', 'ns.email-worker.dlq'],
      ['ns.email-worker.deliveries.high', 'ns.email-worker.dlq'],
      ['ns.email-worker.deliveries', 'ns.email-worker.dlq'],
      ['ns.email-worker.deliveries.low', 'ns.email-worker.dlq'],
      ['ns.sms-worker.deliveries.system', 'ns.sms-worker.dlq'],
      ['ns.sms-worker.deliveries.high', 'ns.sms-worker.dlq'],
      ['ns.sms-worker.deliveries', 'ns.sms-worker.dlq'],
      ['ns.sms-worker.deliveries.low', 'ns.sms-worker.dlq'],
      ['ns.webhook-worker.deliveries.system', 'ns.webhook-worker.dlq'],
      ['ns.webhook-worker.deliveries.high', 'ns.webhook-worker.dlq'],
      ['ns.webhook-worker.deliveries', 'ns.webhook-worker.dlq'],
      ['ns.webhook-worker.deliveries.low', 'ns.webhook-worker.dlq'],
    ]);
  });
});
