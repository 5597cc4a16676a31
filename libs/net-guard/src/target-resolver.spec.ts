import { AddressPolicy } from './address-policy';
import { TargetRefusedError, type ResolvedAddress } from './resolve-target';
import { TargetResolver } from './target-resolver';

const PUBLIC: ResolvedAddress[] = [{ address: '93.184.216.34', family: 4 }];
const policy = new AddressPolicy([]);

/** A lookup that answers when told to, and records what it was asked and how many ran at once. */
function controlledLookup() {
  const asked: string[] = [];
  const pending: Array<() => void> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const lookup = (host: string) => {
    asked.push(host);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<ResolvedAddress[]>((resolve) =>
      pending.push(() => {
        inFlight--;
        resolve(PUBLIC);
      }),
    );
  };
  return { lookup, asked, answerAll: () => pending.splice(0).forEach((answer) => answer()), maxInFlight: () => maxInFlight };
}

describe('TargetResolver', () => {
  it('when one request names a host many times, then it is looked up once', async () => {
    const dns = controlledLookup();
    const session = new TargetResolver(policy, { timeoutMs: 5000, concurrency: 4, lookup: dns.lookup }).session();
    const answers = Array.from({ length: 1000 }, () => session('hooks.example.com'));
    dns.answerAll();
    expect(await Promise.all(answers)).toHaveLength(1000);
    expect(dns.asked).toEqual(['hooks.example.com']);
  });

  it('when many distinct hosts are named, then no more lookups than the cap run at once, and all finish', async () => {
    const dns = controlledLookup();
    const session = new TargetResolver(policy, { timeoutMs: 5000, concurrency: 3, lookup: dns.lookup }).session();
    const answers = Promise.all(Array.from({ length: 50 }, (_, i) => session(`h${i}.example.com`)));
    for (let round = 0; dns.asked.length < 50 || round === 0; round++) {
      await new Promise((r) => setImmediate(r));
      dns.answerAll();
    }
    dns.answerAll();
    expect(await answers).toHaveLength(50);
    expect(dns.maxInFlight()).toBe(3);
  });

  it('when a host does not answer in time, then it is refused as a timeout naming host and limit; queued hosts time out too', async () => {
    const dns = controlledLookup();
    const session = new TargetResolver(policy, { timeoutMs: 30, concurrency: 1, lookup: dns.lookup }).session();
    const [silent, queued] = await Promise.allSettled([session('silent.example.com'), session('queued.example.com')]);
    expect(silent).toMatchObject({
      status: 'rejected',
      reason: new TargetRefusedError('host silent.example.com did not resolve within 30 ms', 'timeout'),
    });
    expect((silent as PromiseRejectedResult).reason.reason).toBe('timeout');
    expect(queued).toMatchObject({ status: 'rejected', reason: { reason: 'timeout' } });
    // The silent lookup still holds the only slot; the queued host was never asked.
    expect(dns.asked).toEqual(['silent.example.com']);
    dns.answerAll();
  });

  it('when a hung lookup finally ends, then its slot serves the next request', async () => {
    const dns = controlledLookup();
    const resolver = new TargetResolver(policy, { timeoutMs: 30, concurrency: 1, lookup: dns.lookup });
    await expect(resolver.session()('slow.example.com')).rejects.toMatchObject({ reason: 'timeout' });
    const next = resolver.session()('next.example.com');
    dns.answerAll(); // the slow lookup ends, handing its slot on
    await new Promise((r) => setImmediate(r));
    dns.answerAll();
    await expect(next).resolves.toEqual(PUBLIC);
  });

  it('when a host resolves to a private address, then it is refused as blocked', async () => {
    const session = new TargetResolver(policy, {
      timeoutMs: 1000,
      concurrency: 1,
      lookup: async () => [{ address: '10.0.0.7', family: 4 }],
    }).session();
    await expect(session('internal.example.com')).rejects.toMatchObject({ reason: 'blocked' });
  });

  describe('with a cache', () => {
    it('when later requests name a host within the cache time, then they reuse its lookup; after it, the host is asked again', async () => {
      let clock = 0;
      const asked: string[] = [];
      const resolver = new TargetResolver(policy, {
        timeoutMs: 1000,
        concurrency: 1,
        cacheMs: 30_000,
        now: () => clock,
        lookup: async (host) => (asked.push(host), PUBLIC),
      });
      await expect(resolver.session()('hooks.example.com')).resolves.toEqual(PUBLIC);
      clock = 29_000;
      await expect(resolver.session()('hooks.example.com')).resolves.toEqual(PUBLIC);
      expect(asked).toEqual(['hooks.example.com']);
      clock = 31_000;
      await expect(resolver.session()('hooks.example.com')).resolves.toEqual(PUBLIC);
      expect(asked).toEqual(['hooks.example.com', 'hooks.example.com']);
    });

    it('when many requests name a host while it is being looked up, then they share that one lookup', async () => {
      const dns = controlledLookup();
      const resolver = new TargetResolver(policy, { timeoutMs: 5000, concurrency: 4, cacheMs: 30_000, lookup: dns.lookup });
      const answers = Promise.all(Array.from({ length: 64 }, () => resolver.session()('hooks.example.com')));
      dns.answerAll();
      expect(await answers).toHaveLength(64);
      expect(dns.asked).toEqual(['hooks.example.com']);
    });

    it('when a lookup found nothing or failed, then the next request asks again', async () => {
      const answers: Array<() => Promise<ResolvedAddress[]>> = [
        async () => [],
        async () => Promise.reject(new Error('SERVFAIL')),
        async () => PUBLIC,
      ];
      let asked = 0;
      const resolver = new TargetResolver(policy, { timeoutMs: 1000, concurrency: 1, cacheMs: 30_000, lookup: () => answers[asked++]() });
      await expect(resolver.session()('flaky.example.com')).rejects.toMatchObject({ reason: 'unresolvable' });
      await expect(resolver.session()('flaky.example.com')).rejects.toMatchObject({ reason: 'unresolvable' });
      await expect(resolver.session()('flaky.example.com')).resolves.toEqual(PUBLIC);
      expect(asked).toBe(3);
    });

    it('when a kept answer holds a private address, then every request naming the host is refused', async () => {
      let asked = 0;
      const resolver = new TargetResolver(policy, {
        timeoutMs: 1000,
        concurrency: 1,
        cacheMs: 30_000,
        lookup: async () => (asked++, [{ address: '169.254.169.254', family: 4 }]),
      });
      for (let i = 0; i < 3; i++) await expect(resolver.session()('metadata.example.com')).rejects.toMatchObject({ reason: 'blocked' });
      expect(asked).toBe(1);
    });
  });
});
