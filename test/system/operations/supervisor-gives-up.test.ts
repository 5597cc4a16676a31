import { eventually } from '../../support/eventually';
import { OperationsEnv, START_ALL, type HeraldProcess } from './herald-process';

/**
 * The cases `npm start` must not try to heal: a configuration error (a restart reads the same
 * environment) and a service that keeps crashing. Each stops everything with one line.
 */
const SERVICES = ['api', 'fanout', 'webhook-worker', 'email-worker', 'scheduler'];
let ops: OperationsEnv;

beforeAll(() => {
  ops = new OperationsEnv({});
});
afterAll(() => ops.cleanup());

/** Pids the launcher reported, per service, in start order. */
function pids(herald: HeraldProcess): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const line of herald.stderr) {
    const m = line.match(/^(\S+)\s+\| started \(pid (\d+)\)/);
    if (m) (out[m[1]] ??= []).push(Number(m[2]));
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The launcher's own verdicts: lines that are not a service's prefixed output or status. */
const verdicts = (herald: HeraldProcess) => herald.stderr.filter((l) => l.startsWith('herald:'));

describe('npm start gives up on what will not heal', () => {
  it('when a service stops with a configuration error, then it is not restarted and the launcher stops everything with one line and exit code 78', async () => {
    // Half a pair of static AWS keys: only the email-worker (EMAIL_PROVIDER=ses) reads them.
    const herald = ops.spawn(START_ALL, {
      PORT: '18530',
      EMAIL_PROVIDER: 'ses',
      AWS_ACCESS_KEY_ID: 'AKIAOPERATIONSTEST01',
      SNS_TOPIC_ARNS: 'arn:aws:sns:us-east-1:123456789012:herald-feedback',
    });

    expect(await herald.exited).toEqual({ code: 78, signal: null });
    expect(herald.stderr).toContainEqual(expect.stringMatching(/^email-worker\s+\| herald: configuration error: AWS_SECRET_ACCESS_KEY/));
    expect(verdicts(herald)).toEqual([expect.stringMatching(/^herald: email-worker stopped with a configuration error \(exit code 78\)/)]);
    const started = pids(herald);
    expect(started['email-worker']).toHaveLength(1);
    expect(herald.count(/restarting in/)).toBe(0);
    for (const name of SERVICES) for (const pid of started[name]) expect(alive(pid)).toBe(false);
  });

  it('when a service crashes five times within a minute, then the launcher stops everything with one line and a non-zero exit', async () => {
    const herald = ops.spawn(START_ALL, { PORT: '18531' });
    await herald.line(/^fanout\s+\| .*"message":"fanout started"/, 60000);

    for (let crash = 1; crash <= 5; crash++) {
      const pid = pids(herald).fanout.at(-1)!;
      process.kill(pid, 'SIGKILL');
      if (crash < 5) await eventually(() => expect(pids(herald).fanout).toHaveLength(crash + 1), 30000);
    }

    expect(await herald.exited).toEqual({ code: 1, signal: null });
    expect(verdicts(herald)).toEqual(['herald: fanout crashed 5 times within 60 s (last: signal SIGKILL); stopping every service']);
    // Backoff doubles after each short run.
    const delays = herald.stderr.map((l) => l.match(/^fanout\s+\| exited .*restarting in ([\d.]+) s/)?.[1]).filter(Boolean);
    expect(delays).toEqual(['0.5', '1.0', '2.0', '4.0']);
    for (const name of SERVICES) for (const pid of pids(herald)[name]) expect(alive(pid)).toBe(false);
  });
});
