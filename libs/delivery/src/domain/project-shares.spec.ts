import { ProjectShares } from './project-shares';

describe('ProjectShares', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('when a project holds its share, then its next delivery waits for one of its own slots, not for other projects', async () => {
    const shares = new ProjectShares(2, 500);
    expect(shares.acquire('a')).toBe('send');
    expect(shares.acquire('a')).toBe('send');
    const third = shares.acquire('a');
    expect(shares.acquire('b')).toBe('send');
    shares.release('a', 20);
    await expect(third).resolves.toBe('send');
  });

  it('when no slot of the project comes back in time, then every waiting delivery moves and later ones move at once', async () => {
    const shares = new ProjectShares(1, 500);
    expect(shares.acquire('a')).toBe('send');
    const waiting = [shares.acquire('a'), shares.acquire('a')];
    jest.advanceTimersByTime(500);
    await expect(Promise.all(waiting)).resolves.toEqual(['move', 'move']);
    expect(shares.acquire('a')).toBe('move');
    expect(shares.acquire('b')).toBe('send');
  });

  it('when a congested project still has a free slot, then it sends: it keeps its share', async () => {
    const shares = new ProjectShares(2, 500);
    shares.acquire('a');
    shares.acquire('a');
    const waiting = shares.acquire('a');
    jest.advanceTimersByTime(500);
    await expect(waiting).resolves.toBe('move');
    shares.release('a', 2_000);
    expect(shares.acquire('a')).toBe('send');
    expect(shares.acquire('a')).toBe('move');
  });

  it('when a send of a congested project ends quickly, then it is no longer congested and waits again', async () => {
    const shares = new ProjectShares(1, 500);
    shares.acquire('a');
    const moved = shares.acquire('a');
    jest.advanceTimersByTime(500);
    await expect(moved).resolves.toBe('move');
    shares.release('a', 10);
    expect(shares.acquire('a')).toBe('send');
    const next = shares.acquire('a');
    shares.release('a', 10);
    await expect(next).resolves.toBe('send');
  });

  it('when a project has nothing in flight, then nothing of it is kept', () => {
    const shares = new ProjectShares(2, 500);
    shares.acquire('a');
    shares.acquire('b');
    shares.release('a', 1);
    shares.release('b', 1);
    expect(shares.tracked).toBe(0);
  });
});
