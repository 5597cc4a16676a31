import { ladderBucket, nextRetryDelay, retryLadder } from './retry-schedule';

const policy = { maxAttempts: 8, baseDelayMs: 5000, maxDelayMs: 3_600_000 };

describe('retry schedule', () => {
  it('when the policy is the default, then the delay queues double from 5 s up to 1 h', () => {
    expect(retryLadder(policy)).toEqual([5000, 10000, 20000, 40000, 80000, 160000, 320000, 640000, 1280000, 2560000, 3600000]);
  });

  it('when jitter is at its extremes, then the delay spans 0 to base * 2^retries', () => {
    expect(nextRetryDelay(policy, 0, undefined, () => 0)).toBe(0);
    expect(nextRetryDelay(policy, 3, undefined, () => 0.999999)).toBe(39999);
  });

  it('when many retries have happened, then the delay is capped at the maximum', () => {
    expect(nextRetryDelay(policy, 30, undefined, () => 0.999999)).toBeLessThan(3_600_000);
  });

  it('when the server sent Retry-After, then it is a floor, itself capped at the maximum', () => {
    expect(nextRetryDelay(policy, 0, 60_000, () => 0)).toBe(60_000);
    expect(nextRetryDelay(policy, 0, 99_000_000, () => 0)).toBe(3_600_000);
  });

  it('when a delay falls between queues, then it waits in the next larger one', () => {
    const ladder = retryLadder(policy);
    expect(ladderBucket(ladder, 0)).toBe(5000);
    expect(ladderBucket(ladder, 5001)).toBe(10000);
    expect(ladderBucket(ladder, 3_600_000)).toBe(3_600_000);
  });
});
