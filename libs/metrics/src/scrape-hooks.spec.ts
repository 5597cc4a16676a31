import { ScrapeHooks } from './scrape-hooks';

describe('ScrapeHooks', () => {
  it('refreshes once per cache period however many scrapes arrive', async () => {
    let calls = 0;
    const hooks = new ScrapeHooks({ cacheMs: 60_000, timeoutMs: 1_000, onError: () => undefined });
    hooks.add({ name: 'count', refresh: async () => void calls++ });
    await Promise.all([hooks.refresh(), hooks.refresh(), hooks.refresh()]);
    await hooks.refresh();
    expect(calls).toBe(1);
  });

  it('gives up on a hook that does not answer, reporting it, without failing the scrape', async () => {
    const errors: string[] = [];
    const hooks = new ScrapeHooks({ cacheMs: 0, timeoutMs: 20, onError: (name, err) => errors.push(`${name}: ${err.message}`) });
    hooks.add({ name: 'silent broker', refresh: () => new Promise(() => undefined) });
    await expect(hooks.refresh()).resolves.toBeUndefined();
    expect(errors).toEqual(['silent broker: no answer within 20 ms']);
  });
});
