import { takeShare, type LaneShares } from './lane-shares';
import { SendShares } from './send-shares';

const byOrigin = (projectId: string, url: string) => `${projectId} ${new URL(url).origin}`;

function shares(perProject: number, perDestination: number): LaneShares {
  return {
    projects: new SendShares(perProject, 500),
    destinations: { shares: new SendShares(perDestination, 500), of: byOrigin },
    lane: 'low',
    from: 'medium',
  };
}

describe('takeShare', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("when a slow destination holds its share, then its deliveries move and the project's other destinations still send", async () => {
    const lane = shares(4, 2);
    await takeShare(lane, 'p', 'https://slow.example/a');
    await takeShare(lane, 'p', 'https://slow.example/b');
    const waiting = takeShare(lane, 'p', 'https://slow.example/c');
    await jest.advanceTimersByTimeAsync(500);
    await expect(waiting).resolves.toEqual({ kind: 'move', by: 'destination' });
    await expect(takeShare(lane, 'p', 'https://fast.example/')).resolves.toMatchObject({ kind: 'send' });
    await expect(takeShare(lane, 'p', 'https://fast.example/')).resolves.toMatchObject({ kind: 'send' });
  });

  it("when the project's share is taken and stays taken, then the delivery moves and gives its destination slot back", async () => {
    const lane = shares(2, 2);
    await takeShare(lane, 'p', 'https://a.example/');
    await takeShare(lane, 'p', 'https://b.example/');
    const waiting = takeShare(lane, 'p', 'https://c.example/');
    await jest.advanceTimersByTimeAsync(500);
    await expect(waiting).resolves.toEqual({ kind: 'move', by: 'project' });
    expect(lane.destinations!.shares.tracked).toBe(2);
  });

  it('when a send is released, then both its project slot and its destination slot come back', async () => {
    const lane = shares(1, 1);
    const first = await takeShare(lane, 'p', 'https://a.example/');
    if (first.kind !== 'send') throw new Error('expected a send');
    first.release();
    expect(lane.projects.tracked).toBe(0);
    expect(lane.destinations!.shares.tracked).toBe(0);
    await expect(takeShare(lane, 'p', 'https://a.example/')).resolves.toMatchObject({ kind: 'send' });
  });
});
