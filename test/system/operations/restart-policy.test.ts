/** The launcher's restart rules (deploy/dev/restart-policy.js), on a clock of the test's own. */
const { RestartPolicy } = require('../../../deploy/dev/restart-policy') as {
  RestartPolicy: new () => {
    onCrash(crash: { code: number | null; signal?: string | null; now: number; uptimeMs: number }): {
      action: 'restart' | 'give-up';
      delayMs?: number;
      reason?: string;
    };
  };
};

describe('npm start restart policy', () => {
  it('when a service keeps dying soon after start, then each wait doubles up to 30 s', () => {
    const policy = new RestartPolicy();
    // One crash every 20 s (never five within a minute), each after a 1 s run (never a healthy one).
    const delays = Array.from({ length: 9 }, (_, i) => policy.onCrash({ code: 1, now: i * 20_000, uptimeMs: 1000 }).delayMs);
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('when a service ran healthily for 10 s before dying, then the next restart waits 0.5 s again', () => {
    const policy = new RestartPolicy();
    policy.onCrash({ code: 1, now: 0, uptimeMs: 100 });
    expect(policy.onCrash({ code: 1, now: 1000, uptimeMs: 100 }).delayMs).toBe(1000);
    expect(policy.onCrash({ code: 1, now: 30_000, uptimeMs: 10_000 }).delayMs).toBe(500);
  });

  it('when the fifth crash comes within 60 s of the first, then it gives up; crashes older than 60 s are forgotten', () => {
    const policy = new RestartPolicy();
    for (const now of [0, 10_000, 20_000, 30_000]) expect(policy.onCrash({ code: 1, now, uptimeMs: 100 }).action).toBe('restart');
    // The crash at 0 is 60 s old: four in the window.
    expect(policy.onCrash({ code: 1, now: 60_000, uptimeMs: 100 }).action).toBe('restart');
    expect(policy.onCrash({ code: null, signal: 'SIGKILL', now: 61_000, uptimeMs: 100 })).toEqual({
      action: 'give-up',
      reason: 'crashed 5 times within 60 s (last: signal SIGKILL)',
    });
  });

  it('when a service exits with the configuration error code 78, then it gives up at the first crash', () => {
    expect(new RestartPolicy().onCrash({ code: 78, now: 0, uptimeMs: 50 })).toMatchObject({ action: 'give-up' });
  });
});
