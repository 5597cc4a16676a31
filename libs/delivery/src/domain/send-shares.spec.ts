import { SendShares } from './send-shares';

describe('SendShares', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('when a project holds its share, then its next delivery waits for one of its own slots, not for other projects', async () => {
    const shares = new SendShares(2, 500);
    expect(shares.acquire('a')).toBe('send');
    expect(shares.acquire('a')).toBe('send');
    const third = shares.acquire('a');
    expect(shares.acquire('b')).toBe('send');
    shares.release('a');
    await expect(third).resolves.toBe('send');
  });

  it('when no slot of the project comes back in time, then every waiting delivery moves and later ones move at once', async () => {
    const shares = new SendShares(1, 500);
    expect(shares.acquire('a')).toBe('send');
    const waiting = [shares.acquire('a'), shares.acquire('a')];
    jest.advanceTimersByTime(500);
    await expect(Promise.all(waiting)).resolves.toEqual(['move', 'move']);
    expect(shares.acquire('a')).toBe('move');
    expect(shares.acquire('b')).toBe('send');
  });

  it('when a congested project still has a free slot, then it sends: it keeps its share', async () => {
    const shares = new SendShares(4, 500);
    for (let i = 0; i < 4; i++) shares.acquire('a');
    const waiting = shares.acquire('a');
    jest.advanceTimersByTime(500);
    await expect(waiting).resolves.toBe('move');
    shares.release('a');
    expect(shares.acquire('a')).toBe('send');
    expect(shares.acquire('a')).toBe('move');
  });

  it('when a congested project keeps its share busy, then it stays congested; once half of it is free, it waits again', async () => {
    const shares = new SendShares(4, 500);
    for (let i = 0; i < 4; i++) shares.acquire('a');
    const moved = shares.acquire('a');
    jest.advanceTimersByTime(500);
    await expect(moved).resolves.toBe('move');
    // A flood: every slot given back is taken again at once, and the rest still move.
    shares.release('a');
    expect(shares.acquire('a')).toBe('send');
    expect(shares.acquire('a')).toBe('move');
    // Its receiver caught up: half the share is free.
    shares.release('a');
    shares.release('a');
    shares.acquire('a');
    shares.acquire('a');
    const next = shares.acquire('a');
    shares.release('a');
    await expect(next).resolves.toBe('send');
  });

  it('when a project has nothing in flight, then nothing of it is kept', () => {
    const shares = new SendShares(2, 500);
    shares.acquire('a');
    shares.acquire('b');
    shares.release('a');
    shares.release('b');
    expect(shares.tracked).toBe(0);
  });
});
