import type { EventInput } from './event-input';
import { replayFingerprint, requestHash } from './request-hash';

const event = (extra: Partial<EventInput>): EventInput => ({
  event_type: 'x',
  recipients: [{ channels: ['webhook'], webhook_url: 'https://example.com/hook' }],
  payload: { a: 1, b: 2 },
  ...extra,
});

describe('replayFingerprint', () => {
  it('when the request has no idempotency key, then there is nothing to replay and no fingerprint', () => {
    expect(replayFingerprint(event({}))).toBeNull();
  });

  it('when the request has a key, then key order does not change its fingerprint and a changed body does', () => {
    const keyed = event({ idempotency_key: 'k' });
    const reordered: EventInput = { idempotency_key: 'k', payload: { b: 2, a: 1 }, recipients: keyed.recipients, event_type: 'x' };
    expect(replayFingerprint(keyed)).toBe(requestHash(keyed));
    expect(replayFingerprint(reordered)).toBe(replayFingerprint(keyed));
    expect(replayFingerprint(event({ idempotency_key: 'k', payload: { a: 1, b: 3 } }))).not.toBe(replayFingerprint(keyed));
  });
});
