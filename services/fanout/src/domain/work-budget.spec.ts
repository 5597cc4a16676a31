import { WorkBudget } from './work-budget';

const flush = () => new Promise((r) => setImmediate(r));

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

describe('WorkBudget', () => {
  it('runs work together only while their units fit, and starts the next as units come back', async () => {
    const budget = new WorkBudget(2000);
    const started: string[] = [];
    const gates = { a: gate(), b: gate(), c: gate() };
    const run = (name: keyof typeof gates, units: number) =>
      budget.run(units, async () => {
        started.push(name);
        await gates[name].opened;
      });
    const done = [run('a', 1000), run('b', 1000), run('c', 1000)];
    await flush();
    expect(started).toEqual(['a', 'b']);
    expect(budget.inUse).toBe(2000);
    expect(budget.queued).toBe(1);
    gates.a.open();
    await flush();
    expect(started).toEqual(['a', 'b', 'c']);
    gates.b.open();
    gates.c.open();
    await Promise.all(done);
    expect(budget.inUse).toBe(0);
  });

  it('lets work larger than the budget run alone instead of never', async () => {
    const budget = new WorkBudget(1000);
    const small = gate();
    const order: string[] = [];
    const first = budget.run(10, async () => {
      order.push('small');
      await small.opened;
    });
    const big = budget.run(3000, async () => {
      order.push('big');
      expect(budget.inUse).toBe(1000);
    });
    await flush();
    expect(order).toEqual(['small']);
    small.open();
    await Promise.all([first, big]);
    expect(order).toEqual(['small', 'big']);
  });

  it('serves waiters in arrival order: small work does not overtake a waiting large one', async () => {
    const budget = new WorkBudget(1000);
    const hold = gate();
    const order: string[] = [];
    const first = budget.run(600, () => hold.opened);
    const large = budget.run(800, async () => void order.push('large'));
    const small = budget.run(100, async () => void order.push('small'));
    await flush();
    expect(order).toEqual([]);
    hold.open();
    await Promise.all([first, large, small]);
    expect(order).toEqual(['large', 'small']);
  });

  it('serves a waiting high event before low ones that waited longer', async () => {
    const budget = new WorkBudget(1000);
    const hold = gate();
    const order: string[] = [];
    const first = budget.run(1000, () => hold.opened, 'low');
    const lows = [1, 2].map((n) => budget.run(600, async () => void order.push(`low${n}`), 'low'));
    const high = budget.run(600, async () => void order.push('high'), 'high');
    await flush();
    expect(budget.queued).toBe(3);
    hold.open();
    await Promise.all([first, ...lows, high]);
    expect(order).toEqual(['high', 'low1', 'low2']);
  });

  it('gives the units back when the work fails', async () => {
    const budget = new WorkBudget(10);
    await expect(budget.run(10, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(budget.inUse).toBe(0);
    await expect(budget.run(10, async () => 'ok')).resolves.toBe('ok');
  });

  it('refuses an empty budget', () => {
    expect(() => new WorkBudget(0)).toThrow(RangeError);
  });
});
