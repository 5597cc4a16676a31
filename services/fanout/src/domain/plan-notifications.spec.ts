import { planNotifications, type ConsumerEndpoint } from './plan-notifications';

describe('planNotifications', () => {
  it('when 2 recipients each want email and sms, then 4 notifications addressed by channel', () => {
    const planned = planNotifications([
      { channels: ['email', 'sms'], email: 'A@Example.COM', phone: '+15005550006', user_id: 'u1' },
      { channels: ['email', 'sms'], email: 'b@example.com', phone: '+15005550007' },
    ]);
    expect(planned).toEqual([
      { recipientIndex: 0, channel: 'email', recipient: 'a@example.com', userId: 'u1' },
      { recipientIndex: 0, channel: 'sms', recipient: '+15005550006', userId: 'u1' },
      { recipientIndex: 1, channel: 'email', recipient: 'b@example.com', userId: undefined },
      { recipientIndex: 1, channel: 'sms', recipient: '+15005550007', userId: undefined },
    ]);
  });

  const endpoints: ConsumerEndpoint[] = [
    { id: 'e1', consumer: 'acme', url: 'https://acme.example/all', event_types: [] },
    { id: 'e2', consumer: 'acme', url: 'https://acme.example/orders', event_types: ['order.*'] },
    { id: 'e3', consumer: 'acme', url: 'https://acme.example/users', event_types: ['user.created'] },
    { id: 'e4', consumer: 'globex', url: 'https://globex.example/hook', event_types: [] },
  ];

  it('when a recipient names a consumer, then one webhook per endpoint of that consumer subscribed to the event type', () => {
    const planned = planNotifications(
      [{ channels: ['webhook', 'email'], consumer: 'acme', email: 'ops@acme.example' }],
      'order.created',
      endpoints,
    );
    expect(planned).toEqual([
      { recipientIndex: 0, channel: 'webhook', recipient: 'https://acme.example/all', userId: undefined, endpointId: 'e1' },
      { recipientIndex: 0, channel: 'webhook', recipient: 'https://acme.example/orders', userId: undefined, endpointId: 'e2' },
      { recipientIndex: 0, channel: 'email', recipient: 'ops@acme.example', userId: undefined },
    ]);
  });

  it('when no endpoint of the consumer is subscribed, then the recipient yields no webhook', () => {
    const only = endpoints.filter((e) => e.id === 'e3');
    expect(planNotifications([{ channels: ['webhook'], consumer: 'acme' }], 'order.created', only)).toEqual([]);
  });

  it('when the recipient names an endpoint (a test event), then only that endpoint, whatever its filter', () => {
    const planned = planNotifications([{ channels: ['webhook'], consumer: 'acme', endpoint_id: 'e3' }], 'herald.test', endpoints);
    expect(planned.map((p) => p.endpointId)).toEqual(['e3']);
  });
});
