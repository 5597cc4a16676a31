import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { TEST_DATABASE_URL } from '../../support/test-env';

const run = promisify(execFile);
const PASSWORD = 'hunter2-Zq9';
/** Nothing listens on this port (from this helper's range), so the connection is refused. */
const CLOSED_PORT = 18499;
const base = {
  ...process.env,
  HERALD_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  PORT: '0',
  OPS_PORT: '18410',
  LOG_LEVEL: 'silent',
};

/** Runs a compiled program expected to fail at start; returns its exit code and stderr. */
async function failedStart(args: string[], env: Record<string, string>) {
  const failure = await run('node', args, { env: { ...base, ...env }, timeout: 30_000 }).then(
    () => {
      throw new Error(`${args.join(' ')} started`);
    },
    (err: { code: number; stderr: string; stdout: string }) => err,
  );
  return { code: failure.code, lines: failure.stderr.trim().split('\n'), output: failure.stdout + failure.stderr };
}

const ours = new URL(TEST_DATABASE_URL);
const PROGRAMS: Array<[string, string[]]> = [
  ['the CLI migrate', ['services/api/dist/cli/main.js', 'migrate']],
  ['the api', ['services/api/dist/main.js']],
  ['the webhook-worker', ['services/webhook-worker/dist/main.js']],
];
const BAD_URLS: Array<[string, string, RegExp]> = [
  [
    'points at a port where nothing listens',
    `postgres://herald:${PASSWORD}@127.0.0.1:${CLOSED_PORT}/herald`,
    new RegExp(
      `^herald: cannot start: cannot connect to PostgreSQL at postgres://\\*\\*\\*\\*:\\*\\*\\*\\*@127\\.0\\.0\\.1:${CLOSED_PORT}/herald: connect ECONNREFUSED`,
    ),
  ],
  [
    'names a role the server does not know',
    `postgres://no_such_role:${PASSWORD}@${ours.host}/herald`,
    /^herald: cannot start: cannot connect to PostgreSQL at postgres:\/\/\*\*\*\*:\*\*\*\*@.*: role "no_such_role" does not exist$/,
  ],
  [
    'does not parse',
    `postgres://herald:${PASSWORD}@127.0.0.1:99999/herald`,
    /^herald: configuration error: DATABASE_URL="postgres:\/\/\*\*\*\*@127\.0\.0\.1:99999\/herald" is invalid/,
  ],
];

describe('a bad DATABASE_URL holding a password', () => {
  for (const [program, args] of PROGRAMS) {
    it.each(BAD_URLS)(`when it %s, then ${program} exits with one clear line that does not show the password`, async (_case, url, line) => {
      const { code, lines, output } = await failedStart(args, { DATABASE_URL: url });
      expect(code).not.toBe(0);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(line);
      expect(output).not.toContain(PASSWORD);
    });
  }
});

describe('SES without the SNS topics it accepts feedback from', () => {
  it.each([
    ['the api', ['services/api/dist/main.js']],
    ['the email-worker', ['services/email-worker/dist/main.js']],
  ])('when EMAIL_PROVIDER=ses has no SNS_TOPIC_ARNS, then %s refuses to start with one line naming it', async (_program, args) => {
    const { code, lines } = await failedStart(args, { DATABASE_URL: TEST_DATABASE_URL, EMAIL_PROVIDER: 'ses', SNS_TOPIC_ARNS: '' });
    expect(code).toBe(78);
    expect(lines).toEqual([expect.stringMatching(/^herald: configuration error: SNS_TOPIC_ARNS is required when EMAIL_PROVIDER=ses/)]);
  });
});
