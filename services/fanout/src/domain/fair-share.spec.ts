import { FairShare } from './fair-share';

describe('FairShare', () => {
  it('keeps a project within its burst in its lane and moves the overflow of a medium flood to low', () => {
    const fair = new FairShare(10, 100);
    expect(fair.lane('a', 'medium', 60, 0)).toBe('medium');
    expect(fair.lane('a', 'medium', 40, 0)).toBe('medium');
    expect(fair.lane('a', 'medium', 1, 0)).toBe('low');
    // Another project is not charged for the first one's flood.
    expect(fair.lane('b', 'medium', 50, 0)).toBe('medium');
  });

  it('never demotes high and never promotes low', () => {
    const fair = new FairShare(1, 10);
    expect(fair.lane('a', 'high', 1000, 0)).toBe('high');
    expect(fair.lane('a', 'low', 1, 0)).toBe('low');
    expect(fair.lane('b', 'low', 1, 0)).toBe('low');
  });

  it('keeps a flooding project demoted until it repays its debt at the refill rate', () => {
    const fair = new FairShare(10, 100);
    expect(fair.lane('a', 'medium', 300, 0)).toBe('low'); // 100 - 300 -> capped at -100
    expect(fair.lane('a', 'medium', 1, 10_000)).toBe('low'); // 10 s later: -100 + 100 = 0 tokens
    expect(fair.lane('a', 'medium', 50, 20_000)).toBe('medium'); // 20 s later: 99 tokens
  });

  it('does not charge low deliveries: a low backlog leaves the same project medium events in medium', () => {
    const fair = new FairShare(10, 100);
    expect(fair.lane('a', 'low', 20_000, 0)).toBe('low');
    expect(fair.lane('a', 'medium', 100, 0)).toBe('medium');
  });

  it('is off at a rate or burst of 0', () => {
    const fair = new FairShare(0, 100);
    expect(fair.lane('a', 'medium', 1e9, 0)).toBe('medium');
  });
});
