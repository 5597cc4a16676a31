import { Coalescer } from './batch-coalescer';

/** A batch function that records its calls and can be held open to let callers pile up. */
function recorder(fail: (batch: number[]) => boolean = () => false) {
  const calls: number[][] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const run = async (batch: number[]) => {
    calls.push(batch);
    await gate;
    if (fail(batch)) throw new Error(`failed ${batch.join(',')}`);
    return batch.map((n) => n * 10);
  };
  const hold = () => {
    gate = new Promise((r) => (release = r));
  };
  return { calls, run, hold, release: () => release() };
}

/** Lets queued microtasks run, so a submitted call's batch has started. */
const settled = () => new Promise((r) => setImmediate(r));

describe('Coalescer', () => {
  it('when calls arrive while a batch runs, then they go out together in the next batch', async () => {
    const r = recorder();
    const c = new Coalescer(r.run, { maxBatch: 10, concurrency: 1 });
    r.hold();
    const first = c.submit(1);
    await settled();
    const rest = [c.submit(2), c.submit(3), c.submit(4)];
    r.release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(r.calls).toEqual([[1], [2, 3, 4]]);
  });

  it('when calls are made in one go with nothing running, then they share the first batch', async () => {
    const r = recorder();
    const c = new Coalescer(r.run, { maxBatch: 10, concurrency: 2 });
    expect(await Promise.all([1, 2, 3].map((n) => c.submit(n)))).toEqual([10, 20, 30]);
    expect(r.calls).toEqual([[1, 2, 3]]);
  });

  it('when more calls queue than a batch holds, then they are split at maxBatch', async () => {
    const r = recorder();
    const c = new Coalescer(r.run, { maxBatch: 2, concurrency: 1 });
    r.hold();
    const all = [1, 2, 3, 4, 5].map((n) => c.submit(n));
    r.release();
    await Promise.all(all);
    expect(r.calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('when two calls share a key, then they never share a batch', async () => {
    const r = recorder();
    const c = new Coalescer(r.run, { maxBatch: 10, concurrency: 1, key: (n) => String(n % 2) });
    r.hold();
    const all = [1, 2, 3, 4].map((n) => c.submit(n));
    r.release();
    await Promise.all(all);
    expect(r.calls).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('when a batch fails, then each input is retried alone and only the bad one fails', async () => {
    const r = recorder((batch) => batch.includes(3));
    const c = new Coalescer(r.run, { maxBatch: 10, concurrency: 1 });
    r.hold();
    const first = c.submit(1);
    const results = [2, 3, 4].map((n) => c.submit(n).catch((e: Error) => e.message));
    r.release();
    await first;
    expect(await Promise.all(results)).toEqual([20, 'failed 3', 40]);
  });
});
