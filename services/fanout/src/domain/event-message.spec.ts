import { decodeEventMessage } from './event-message';

const a = { event_id: '0b8b5f2e-2a0c-4f4e-8e3d-3c0e6f4b9a22', project_id: '9a7c2d41-5b6e-4c8f-a1d2-e3f405060733' };
const b = { event_id: '6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11', project_id: a.project_id };
const encode = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));

describe('decodeEventMessage', () => {
  it('when the message is one accepted event, then it decodes to it', () => {
    expect(decodeEventMessage(encode({ kind: 'event.accepted', ...a }))).toEqual({ kind: 'single', event: a });
  });

  it('when the message is a bundle, then each event decodes with its string headers', () => {
    const bundle = { kind: 'events.accepted', events: [{ ...a, headers: { 'x-request-id': 'r1', n: 1 } }, b] };
    expect(decodeEventMessage(encode(bundle))).toEqual({ kind: 'bundle', events: [{ ...a, headers: { 'x-request-id': 'r1' } }, b] });
  });

  it.each([
    ['not JSON', '{'],
    ['another kind', { kind: 'notification.deliver', ...a }],
    ['a malformed event id', { kind: 'event.accepted', ...a, event_id: 'x' }],
    ['an empty bundle', { kind: 'events.accepted', events: [] }],
    ['a bundle with a malformed event', { kind: 'events.accepted', events: [a, { event_id: 7 }] }],
    ['a bundle over the limit', { kind: 'events.accepted', events: Array.from({ length: 101 }, () => a) }],
  ])('when the message is %s, then it does not decode', (_case, value) => {
    expect(decodeEventMessage(encode(value))).toBeUndefined();
  });
});
