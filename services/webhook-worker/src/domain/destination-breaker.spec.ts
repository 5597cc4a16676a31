import { DestinationBreaker } from './destination-breaker';

function breaker(failures = 3) {
  let now = 1_000;
  const b = new DestinationBreaker({ failures, openMs: 1_000, maxOpenMs: 4_000 }, () => now);
  return { b, advance: (ms: number) => (now += ms), at: () => now };
}

describe('DestinationBreaker', () => {
  it('opens after the configured failures in a row, refuses until the period ends, then lets exactly one probe through', () => {
    const { b, advance, at } = breaker();
    expect(b.record('p1 https://a', true)).toBeUndefined();
    expect(b.record('p1 https://a', true)).toBeUndefined();
    expect(b.admit('p1 https://a')).toEqual({ kind: 'send' });
    expect(b.record('p1 https://a', true)).toBe('opened');
    expect(b.admit('p1 https://a')).toEqual({ kind: 'refuse', failures: 3, openUntil: at() + 1_000 });
    expect(b.admit('p2 https://a')).toEqual({ kind: 'send' });
    expect(b.openCount()).toBe(1);

    advance(1_000);
    expect(b.admit('p1 https://a')).toEqual({ kind: 'send' });
    expect(b.admit('p1 https://a').kind).toBe('refuse');
    expect(b.record('p1 https://a', false)).toBe('closed');
    expect(b.admit('p1 https://a')).toEqual({ kind: 'send' });
    expect(b.openCount()).toBe(0);
  });

  it('a success before the threshold starts the count again', () => {
    const { b } = breaker();
    b.record('d', true);
    b.record('d', true);
    expect(b.record('d', false)).toBeUndefined();
    b.record('d', true);
    b.record('d', true);
    expect(b.admit('d')).toEqual({ kind: 'send' });
  });

  it('a failed probe opens the circuit again for twice as long, never longer than the maximum', () => {
    const { b, advance, at } = breaker(1);
    b.record('d', true);
    const periods: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { openUntil } = b.admit('d') as { openUntil: number };
      periods.push(openUntil - at());
      advance(openUntil - at());
      expect(b.admit('d')).toEqual({ kind: 'send' });
      expect(b.record('d', true)).toBe('opened');
    }
    expect(periods).toEqual([1_000, 2_000, 4_000, 4_000]);
  });

  it('a failure of a send already in flight when the circuit opened does not extend it', () => {
    const { b, at } = breaker(1);
    b.record('d', true);
    const { openUntil } = b.admit('d') as { openUntil: number };
    expect(b.record('d', true)).toBeUndefined();
    expect(b.admit('d')).toEqual({ kind: 'refuse', failures: 2, openUntil });
    expect(openUntil).toBe(at() + 1_000);
  });

  it('with failures 0 it never refuses', () => {
    const { b } = breaker(0);
    for (let i = 0; i < 10; i++) b.record('d', true);
    expect(b.admit('d')).toEqual({ kind: 'send' });
  });
});
