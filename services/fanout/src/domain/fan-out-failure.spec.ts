import { BrokerUnavailableError } from '@herald/messaging';
import { deadLetterReason, isPoison, poisonReason } from './fan-out-failure';

const pgError = (code: string) => Object.assign(new Error('from PostgreSQL'), { code });

describe('isPoison', () => {
  it.each([
    ['a TypeError from our code on its data', new TypeError('x.flatMap is not a function')],
    ['a check violation', pgError('23514')],
    ['an invalid text representation', pgError('22P02')],
  ])('when fan-out fails with %s, then the event itself is the problem', (_name, err) => {
    expect(isPoison(err)).toBe(true);
  });

  it.each([
    ['a lost connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a server shutting down', pgError('57P01')],
    ['a broker that is down', new BrokerUnavailableError('broker is not connected')],
  ])('when fan-out fails with %s, then it is retried', (_name, err) => {
    expect(isPoison(err)).toBe(false);
  });
});

describe('failure reasons', () => {
  it('when shown to the user, then they name the kind of error, not its internals', () => {
    expect(poisonReason(pgError('23514'))).toBe(
      'fan-out could not process this event (database refused its data, SQLSTATE 23514) and will not retry it',
    );
    expect(deadLetterReason('delivery_limit')).toMatch(/gave up at the delivery limit/);
    expect(deadLetterReason(undefined)).toMatch(/unknown reason/);
  });
});
