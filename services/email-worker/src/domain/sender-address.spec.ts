import { senderDomain, senderOf } from './sender-address';

const DEFAULT = 'notifications@mail.herald.example';

describe('senderOf', () => {
  it('when the content names a local part and a name, then From uses them on the EMAIL_FROM domain', () => {
    expect(senderOf({ from_local: 'billing', from_name: 'Acme Billing', reply_to: 'help@acme.example' }, DEFAULT)).toEqual({
      from: { name: 'Acme Billing', address: 'billing@mail.herald.example' },
      replyTo: 'help@acme.example',
    });
  });

  it('when the content names nothing, then the default sender is used, without a display name or Reply-To', () => {
    expect(senderOf({}, DEFAULT)).toEqual({ from: { address: DEFAULT } });
    expect(senderOf({ from_local: null, from_name: null, reply_to: null }, DEFAULT)).toEqual({ from: { address: DEFAULT } });
  });

  it.each(['evil@attacker.example', 'a\r\nBcc: x@y.example', 'two words', ''])(
    'when from_local is %j, then it cannot change the domain and the default local part is used',
    (fromLocal) => {
      expect(senderOf({ from_local: fromLocal }, DEFAULT).from.address).toBe(DEFAULT);
    },
  );

  it('when from_name holds line breaks, then they become spaces (no header injection)', () => {
    expect(senderOf({ from_name: 'Acme\r\nBcc: victim@example.com' }, DEFAULT).from.name).toBe('Acme Bcc: victim@example.com');
  });
});

describe('senderDomain', () => {
  it('when EMAIL_FROM is set, then its domain is the only sender domain', () => {
    expect(senderDomain('x@a.b.example')).toBe('a.b.example');
  });
});
