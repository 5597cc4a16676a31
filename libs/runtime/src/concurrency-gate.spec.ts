import { ConcurrencyGate } from './concurrency-gate';

describe('ConcurrencyGate', () => {
  it('when more work arrives than the limit, then at most `limit` run at once and all finish', async () => {
    const gate = new ConcurrencyGate(2);
    let running = 0;
    let peak = 0;
    const work = (n: number) =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(work))).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it('when work fails, then its slot is released', async () => {
    const gate = new ConcurrencyGate(1);
    await expect(gate.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
