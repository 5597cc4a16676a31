import { EndpointPacing, type ClaimSlot } from './endpoint-pacing';

/** A schedule as the database keeps it: slots `interval` apart from `start`, on a fake clock. */
function setup(options = { maxWaitMs: 1000, maxWaiting: 2 }) {
  let now = 10_000;
  let next = now;
  const claims: number[] = [];
  const claim: ClaimSlot = async () => {
    const slot = Math.max(next, now);
    next = slot + 200;
    claims.push(slot);
    return { waitMs: slot - now, intervalMs: 200 };
  };
  const slept: number[] = [];
  const pacing = new EndpointPacing(
    claim,
    options,
    () => now,
    async (ms) => {
      slept.push(ms);
      now += ms;
    },
  );
  return {
    pacing,
    claims,
    slept,
    advance: (ms: number) => (now += ms),
    get now() {
      return now;
    },
  };
}

describe('EndpointPacing', () => {
  it('when a slot is free now, then the delivery goes at once', async () => {
    const t = setup();
    expect(await t.pacing.pace('e', 'p', 5)).toEqual({ kind: 'send', waitedMs: 0 });
  });

  it('when its slot is within the longest wait, then the delivery waits for it in the worker', async () => {
    const t = setup();
    await t.pacing.pace('e', 'p', 5);
    expect(await t.pacing.pace('e', 'p', 5)).toEqual({ kind: 'send', waitedMs: 200 });
  });

  it('when its slot is further away than the longest wait, then it is held back to its slot, the same attempt', async () => {
    const t = setup({ maxWaitMs: 150, maxWaiting: 10 });
    await t.pacing.pace('e', 'p', 5);
    expect(await t.pacing.pace('e', 'p', 5)).toEqual({ kind: 'hold', delayMs: 200, slot: t.now + 200, late: false });
    expect(t.slept).toEqual([]);
  });

  it('when as many deliveries wait as the lane allows, then the next one is held back instead of waiting', async () => {
    const t = setup({ maxWaitMs: 1000, maxWaiting: 0 });
    await t.pacing.pace('e', 'p', 5);
    const verdict = await t.pacing.pace('e', 'p', 5);
    expect(verdict.kind).toBe('hold');
  });

  it('when a held delivery comes back on time, then it goes on its slot without claiming another', async () => {
    const t = setup();
    const slot = t.now + 50;
    t.advance(60);
    expect(await t.pacing.pace('e', 'p', 5, { slot, late: false })).toEqual({ kind: 'send', waitedMs: 0 });
    expect(t.claims).toHaveLength(0);
  });

  it('when a held delivery comes back more than half an interval late, then it claims a fresh slot rather than bunch with later ones', async () => {
    const t = setup();
    const slot = t.now - 150;
    await t.pacing.pace('e', 'p', 5, { slot, late: false });
    expect(t.claims).toHaveLength(1);
  });

  it('when a held delivery late once is requeued again, then it says so, and late a second time it goes at once instead of chasing slots', async () => {
    const t = setup({ maxWaitMs: 100, maxWaiting: 10 });
    await t.pacing.pace('e', 'p', 5); // the schedule's next slot is now 200 ms away
    const again = await t.pacing.pace('e', 'p', 5, { slot: t.now - 150, late: false });
    expect(again).toMatchObject({ kind: 'hold', late: true });
    expect(await t.pacing.pace('e', 'p', 5, { slot: t.now - 150, late: true })).toEqual({ kind: 'send', waitedMs: 0 });
    // The first delivery's slot and the late one's fresh slot; late again, it claimed none.
    expect(t.claims).toHaveLength(2);
  });
});
