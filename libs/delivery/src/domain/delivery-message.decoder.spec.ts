import { decodeDeliveryMessage } from './delivery-message.decoder';

const valid = {
  kind: 'notification.deliver',
  notification_id: '6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11',
  event_id: '0b8b5f2e-2a0c-4f4e-8e3d-3c0e6f4b9a22',
  project_id: '9a7c2d41-5b6e-4c8f-a1d2-e3f405060733',
  channel: 'webhook',
  attempt: 1,
};
const encode = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));

describe('decodeDeliveryMessage', () => {
  it('when the message is a valid delivery for the worker channel, then it decodes', () => {
    expect(decodeDeliveryMessage(encode(valid), 'webhook')).toEqual({ ok: true, messages: [valid] });
    expect(decodeDeliveryMessage(encode({ ...valid, max_attempts: 5 }), 'webhook')).toMatchObject({ ok: true });
    const sms = { ...valid, channel: 'sms' };
    expect(decodeDeliveryMessage(encode(sms), 'sms')).toEqual({ ok: true, messages: [sms] });
  });

  it('when the message is of the earlier shape that carried recipient and payload, then it decodes to the ids alone', () => {
    const earlier = { ...valid, recipient: 'https://example.com/hook', event_type: 'order.shipped', payload: { big: 'x'.repeat(1000) } };
    expect(decodeDeliveryMessage(encode(earlier), 'webhook')).toEqual({ ok: true, messages: [valid] });
  });

  describe('target (a webhook first attempt sent without the read)', () => {
    const target = {
      recipient: 'https://example.com/hook',
      event_type: 'order.shipped',
      accepted_at: '2026-11-25T17:00:00.000Z',
      payload: { order_id: 'o-1' },
    };

    it('when a webhook message carries a valid target, then it travels on, without unknown fields', () => {
      expect(decodeDeliveryMessage(encode({ ...valid, target: { ...target, extra: 'x' } }), 'webhook')).toEqual({
        ok: true,
        messages: [{ ...valid, target }],
      });
    });

    it('when the payload is at most 4 KiB as JSON, then it is kept; one byte more and the target is dropped', () => {
      const fits = { ...target, payload: { b: 'x'.repeat(4096 - JSON.stringify({ b: '' }).length) } };
      expect(decodeDeliveryMessage(encode({ ...valid, target: fits }), 'webhook')).toMatchObject({
        ok: true,
        messages: [{ target: fits }],
      });
      const over = { ...target, payload: { b: 'x'.repeat(4097 - JSON.stringify({ b: '' }).length) } };
      expect(decodeDeliveryMessage(encode({ ...valid, target: over }), 'webhook')).toEqual({ ok: true, messages: [valid] });
    });

    it.each([
      ['not an object', 'https://example.com/hook'],
      ['an array', [target]],
      ['no recipient', { ...target, recipient: undefined }],
      ['an empty recipient', { ...target, recipient: '' }],
      ['a recipient too long', { ...target, recipient: `https://example.com/${'a'.repeat(2048)}` }],
      ['a numeric event type', { ...target, event_type: 7 }],
      ['an event type too long', { ...target, event_type: 'e'.repeat(256) }],
      ['an unparseable accepted_at', { ...target, accepted_at: 'yesterday' }],
      ['a numeric accepted_at', { ...target, accepted_at: 1764090000000 }],
      ['an array payload', { ...target, payload: [1] }],
      ['a null payload', { ...target, payload: null }],
      ['a multi-byte payload past 4 KiB', { ...target, payload: { b: 'é'.repeat(2100) } }],
    ])('when the target has %s, then it is dropped and the message decodes to ids (the worker reads)', (_case, value) => {
      expect(decodeDeliveryMessage(encode({ ...valid, target: value }), 'webhook')).toEqual({ ok: true, messages: [valid] });
    });

    it("when a target names a consumer endpoint, then the endpoint's id travels with it; a malformed id drops the target", () => {
      const endpoint_id = '3c9d1a7e-4b2f-4e6a-9c8d-7f6e5d4c3b2a';
      expect(decodeDeliveryMessage(encode({ ...valid, target: { ...target, endpoint_id } }), 'webhook')).toEqual({
        ok: true,
        messages: [{ ...valid, target: { ...target, endpoint_id } }],
      });
      // Sent without it, the project's secret would sign a delivery that is the endpoint's own.
      for (const bad of ['not-a-uuid', 7, null, '']) {
        expect(decodeDeliveryMessage(encode({ ...valid, target: { ...target, endpoint_id: bad } }), 'webhook')).toEqual({
          ok: true,
          messages: [valid],
        });
      }
    });

    it('when a message of another channel carries a target, then it is dropped', () => {
      const sms = { ...valid, channel: 'sms' };
      expect(decodeDeliveryMessage(encode({ ...sms, target }), 'sms')).toEqual({ ok: true, messages: [sms] });
    });
  });

  it('when the message is for another channel, then this worker refuses it', () => {
    expect(decodeDeliveryMessage(encode(valid), 'email')).toEqual({ ok: false, reason: 'channel is not email' });
  });

  it.each([
    ['not JSON', 'not json{'],
    ['an array', [valid]],
    ['another kind', { ...valid, kind: 'event.accepted' }],
    ['another channel', { ...valid, channel: 'email' }],
    ['a malformed id', { ...valid, notification_id: 'abc' }],
    ['a zero attempt', { ...valid, attempt: 0 }],
    ['a fractional attempt', { ...valid, attempt: 1.5 }],
    ['a bad budget', { ...valid, max_attempts: 'three' }],
    ['no project id', { ...valid, project_id: undefined }],
  ])('when the message has %s, then it is refused with a reason', (_case, value) => {
    const result = decodeDeliveryMessage(encode(value), 'webhook');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).not.toBe('');
  });

  describe('batch (first attempts of one event, one message)', () => {
    const ids = ['6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11', '7a2d2e1f-9a2b-4b47-8e8f-1e1b6c0b2d22'];
    const shared = { event_type: 'order.shipped', accepted_at: '2026-11-25T17:00:00.000Z', payload: { order_id: 'o-1' } };
    const batch = {
      kind: 'notification.deliver.batch',
      event_id: valid.event_id,
      project_id: valid.project_id,
      channel: 'webhook',
      target: shared,
      notifications: [
        { notification_id: ids[0], recipient: 'https://a.example.com/hook' },
        { notification_id: ids[1], recipient: 'https://b.example.com/hook' },
      ],
    };

    it('when a webhook batch shares a target, then it decodes to one first attempt per notification, each with its own target', () => {
      expect(decodeDeliveryMessage(encode(batch), 'webhook')).toEqual({
        ok: true,
        messages: [
          { ...valid, notification_id: ids[0], target: { recipient: 'https://a.example.com/hook', ...shared } },
          { ...valid, notification_id: ids[1], target: { recipient: 'https://b.example.com/hook', ...shared } },
        ],
        requestIds: [undefined, undefined],
      });
    });

    it("when a batch item names its consumer endpoint, then that item's target carries the endpoint's id", () => {
      const endpoint_id = '3c9d1a7e-4b2f-4e6a-9c8d-7f6e5d4c3b2a';
      const withEndpoint = { ...batch, notifications: [{ ...batch.notifications[0], endpoint_id }, batch.notifications[1]] };
      const decoded = decodeDeliveryMessage(encode(withEndpoint), 'webhook');
      expect(decoded.ok && decoded.messages.map((m) => m.target)).toEqual([
        { recipient: 'https://a.example.com/hook', endpoint_id, ...shared },
        { recipient: 'https://b.example.com/hook', ...shared },
      ]);
      const malformed = { ...batch, notifications: [{ ...batch.notifications[0], endpoint_id: 'x' }, batch.notifications[1]] };
      const dropped = decodeDeliveryMessage(encode(malformed), 'webhook');
      expect(dropped.ok && dropped.messages.map((m) => m.target?.recipient)).toEqual([undefined, 'https://b.example.com/hook']);
    });

    it('when the shared target is unusable or an item has no recipient, then those deliveries are ids only (the worker reads)', () => {
      const unusable = { ...batch, target: { ...shared, payload: { b: 'x'.repeat(5000) } } };
      expect(decodeDeliveryMessage(encode(unusable), 'webhook')).toEqual({
        ok: true,
        messages: ids.map((id) => ({ ...valid, notification_id: id })),
        requestIds: [undefined, undefined],
      });
      const oneBare = { ...batch, notifications: [{ notification_id: ids[0] }, batch.notifications[1]] };
      const decoded = decodeDeliveryMessage(encode(oneBare), 'webhook');
      expect(decoded.ok && decoded.messages.map((m) => m.target?.recipient)).toEqual([undefined, 'https://b.example.com/hook']);
    });

    it('when an email batch carries a target, then it is ignored', () => {
      const email = { ...batch, channel: 'email' };
      expect(decodeDeliveryMessage(encode(email), 'email')).toEqual({
        ok: true,
        messages: ids.map((id) => ({ ...valid, channel: 'email', notification_id: id })),
        requestIds: [undefined, undefined],
      });
    });

    it('when items name their own events, targets and request ids (a bundle of events), then each decodes with its own', () => {
      const otherEvent = '7a2d2e1f-9a2b-4b47-8e8f-1e1b6c0b2d33';
      const own = { ...shared, event_type: 'order.other', payload: { n: 2 } };
      const cross = {
        kind: 'notification.deliver.batch',
        channel: 'webhook',
        notifications: [
          {
            notification_id: ids[0],
            event_id: valid.event_id,
            project_id: valid.project_id,
            request_id: 'r-0',
            recipient: 'https://a.example.com/h',
            target: shared,
          },
          {
            notification_id: ids[1],
            event_id: otherEvent,
            project_id: valid.project_id,
            request_id: 'x'.repeat(201),
            recipient: 'https://b.example.com/h',
            target: own,
          },
        ],
      };
      expect(decodeDeliveryMessage(encode(cross), 'webhook')).toEqual({
        ok: true,
        messages: [
          { ...valid, notification_id: ids[0], target: { recipient: 'https://a.example.com/h', ...shared } },
          { ...valid, notification_id: ids[1], event_id: otherEvent, target: { recipient: 'https://b.example.com/h', ...own } },
        ],
        // An overlong request id is dropped: the message's own header is used instead.
        requestIds: ['r-0', undefined],
      });
    });

    it.each([
      [
        'an item without an event id, none at the top',
        {
          kind: 'notification.deliver.batch',
          channel: 'webhook',
          project_id: valid.project_id,
          notifications: [{ notification_id: ids[0] }],
        },
      ],
      ['an item with a malformed project id', { ...batch, notifications: [{ notification_id: ids[0], project_id: 'p' }] }],
      ['another channel', { ...batch, channel: 'sms' }],
      ['no notifications', { ...batch, notifications: [] }],
      ['notifications that are not an array', { ...batch, notifications: { notification_id: ids[0] } }],
      ['an item with a malformed id', { ...batch, notifications: [{ notification_id: 'abc' }] }],
      [
        'the same notification twice',
        { ...batch, notifications: [{ notification_id: ids[0] }, { notification_id: ids[0].toUpperCase() }] },
      ],
      ['more items than the limit', { ...batch, notifications: Array.from({ length: 101 }, () => ({ notification_id: ids[0] })) }],
      ['a malformed event id', { ...batch, event_id: 'e' }],
    ])('when the batch has %s, then it is refused with a reason', (_case, value) => {
      const result = decodeDeliveryMessage(encode(value), 'webhook');
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.reason).not.toBe('');
    });
  });
});
