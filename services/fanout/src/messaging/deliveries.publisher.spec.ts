import { deliveryBatchMessage, deliveryMessage, sharedTarget } from './deliveries.publisher';

const event = {
  id: '0b8b5f2e-2a0c-4f4e-8e3d-3c0e6f4b9a22',
  project_id: '9a7c2d41-5b6e-4c8f-a1d2-e3f405060733',
  event_type: 'order.shipped',
  created_at: new Date('2026-11-25T17:00:00.000Z'),
  payload: { order_id: 'o-1' },
};
const webhook = { id: '6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11', channel: 'webhook' as const, recipient: 'https://example.com/hook' };

describe('delivery messages of fan-out', () => {
  it('when a webhook notification was just created with a small payload, then its message carries its target', () => {
    expect(deliveryMessage(event, webhook, 'medium', sharedTarget(event))).toEqual({
      kind: 'notification.deliver',
      notification_id: webhook.id,
      event_id: event.id,
      project_id: event.project_id,
      channel: 'webhook',
      attempt: 1,
      target: {
        recipient: webhook.recipient,
        event_type: 'order.shipped',
        accepted_at: '2026-11-25T17:00:00.000Z',
        payload: event.payload,
      },
    });
  });

  it("when a consumer endpoint's notification was just created, then its target names the endpoint, alone or in a batch", () => {
    const endpointId = '3c9d1a7e-4b2f-4e6a-9c8d-7f6e5d4c3b2a';
    const toEndpoint = { ...webhook, endpointId };
    expect(deliveryMessage(event, toEndpoint, 'medium', sharedTarget(event)).target).toEqual({
      recipient: webhook.recipient,
      endpoint_id: endpointId,
      event_type: 'order.shipped',
      accepted_at: '2026-11-25T17:00:00.000Z',
      payload: event.payload,
    });
    const other = { id: '7a2d2e1f-9a2b-4b47-8e8f-1e1b6c0b2d22', channel: 'webhook' as const, recipient: 'https://b.example.com/hook' };
    expect(deliveryBatchMessage(event, 'webhook', [toEndpoint, other], 'medium', sharedTarget(event)).notifications).toEqual([
      { notification_id: webhook.id, recipient: webhook.recipient, endpoint_id: endpointId },
      { notification_id: other.id, recipient: other.recipient },
    ]);
  });

  it('when the payload is over 4 KiB as JSON, then no target is shared and the message is ids only', () => {
    const big = { ...event, payload: { b: 'x'.repeat(4097 - JSON.stringify({ b: '' }).length) } };
    expect(sharedTarget(big)).toBeUndefined();
    expect(sharedTarget({ ...event, payload: { b: 'x'.repeat(4096 - JSON.stringify({ b: '' }).length) } })).toBeDefined();
    expect(deliveryMessage(big, webhook, 'medium', sharedTarget(big))).not.toHaveProperty('target');
  });

  it('when the notification is not a webhook or its recipient is unknown (a republish), then the message is ids only', () => {
    const shared = sharedTarget(event);
    expect(deliveryMessage(event, { ...webhook, channel: 'email', recipient: 'a@example.com' }, 'medium', shared)).not.toHaveProperty(
      'target',
    );
    expect(deliveryMessage(event, { id: webhook.id, channel: 'webhook' }, 'medium', shared)).not.toHaveProperty('target');
    expect(deliveryMessage(event, webhook, 'high')).toEqual(expect.not.objectContaining({ target: expect.anything() }));
  });
});
