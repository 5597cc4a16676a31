import { parseRetryAfter } from './retry-after.parser';

const now = Date.parse('2026-11-22T10:00:00Z');

describe('parseRetryAfter', () => {
  it('when the value is delay-seconds, then it is that many seconds in ms', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('when the value is an HTTP-date, then it is the time until that date', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
  });

  it('when the HTTP-date is in the past, then the delay is zero', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it.each([undefined, '', 'soon', '-5', '1.5', '12abc', 'Xyz, 99 Foo 2026 GMT'])('when the value is %p, then there is none', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
