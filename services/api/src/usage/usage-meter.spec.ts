import { createLogger } from '@herald/logger';
import type { UsageCount, UsageRepository } from './usage.repository';
import { UsageMeter } from './usage-meter';

const logger = createLogger('test', 'silent');
const HOUR = 3600_000;

function fakeRepo(failures = 0) {
  const written: UsageCount[][] = [];
  let left = failures;
  const repo = {
    add: async (rows: UsageCount[]) => {
      if (left-- > 0) throw new Error('database down');
      written.push(rows.map((r) => ({ ...r })));
    },
  } as unknown as UsageRepository;
  return { repo, written };
}

describe('UsageMeter', () => {
  it('when requests arrive within an hour, then one flush writes one row per project, endpoint and method', async () => {
    const { repo, written } = fakeRepo();
    const now = 10 * HOUR + 1234;
    const meter = new UsageMeter(repo, logger, () => now);
    meter.count('p1', 'GET', '/events/{id}');
    meter.count('p1', 'GET', '/events/{id}');
    meter.count('p1', 'POST', '/events');
    meter.count('p2', 'GET', '/events/{id}');
    await meter.flush();
    expect(written).toHaveLength(1);
    expect(written[0]).toEqual([
      { projectId: 'p1', hour: new Date(10 * HOUR), method: 'GET', endpoint: '/events/{id}', count: 2 },
      { projectId: 'p1', hour: new Date(10 * HOUR), method: 'POST', endpoint: '/events', count: 1 },
      { projectId: 'p2', hour: new Date(10 * HOUR), method: 'GET', endpoint: '/events/{id}', count: 1 },
    ]);
    await meter.flush();
    expect(written).toHaveLength(1); // nothing new, nothing written
  });

  it('when a flush fails, then its counts are kept and added to the next one', async () => {
    const { repo, written } = fakeRepo(1);
    const meter = new UsageMeter(repo, logger, () => 5 * HOUR);
    meter.count('p1', 'GET', '/usage');
    await meter.flush();
    meter.count('p1', 'GET', '/usage');
    await meter.stop();
    expect(written).toEqual([[expect.objectContaining({ endpoint: '/usage', count: 2 })]]);
  });

  it('when the hour turns, then counts go to separate hours', async () => {
    const { repo, written } = fakeRepo();
    let now = 7 * HOUR - 1;
    const meter = new UsageMeter(repo, logger, () => now);
    meter.count('p1', 'GET', '/usage');
    now += 1;
    meter.count('p1', 'GET', '/usage');
    await meter.flush();
    expect(written[0].map((r) => r.hour.getTime())).toEqual([6 * HOUR, 7 * HOUR]);
  });
});
