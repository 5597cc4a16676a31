import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { TEST_DATABASE_URL } from '../../support/test-env';

const run = promisify(execFile);
const CLI = 'services/api/dist/cli/main.js';
const env = { ...process.env, DATABASE_URL: TEST_DATABASE_URL, HERALD_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };

describe('herald CLI (the compiled program)', () => {
  it('when bootstrap runs twice with one name and owner, then it reuses the organization and project and issues working keys', async () => {
    const name = `cli-${randomUUID()}`;
    const first = JSON.parse((await run('node', [CLI, 'bootstrap', '--name', name, '--email', 'ops@example.com'], { env })).stdout);
    const second = JSON.parse((await run('node', [CLI, 'bootstrap', '--name', name, '--email', 'ops@example.com'], { env })).stdout);
    expect(first).toMatchObject({
      organization_id: expect.any(String),
      project_id: expect.any(String),
      api_key: expect.stringMatching(/^hk_/),
      api_key_id: expect.any(String),
      webhook_signing_secret: expect.stringMatching(/^whsec_/),
      access_token: expect.stringMatching(/^hat_/),
      refresh_token: expect.stringMatching(/^hrt_/),
    });
    expect(first.scopes).toEqual(expect.arrayContaining(['events:write', 'settings:read', 'dead_letter:write']));
    expect(second.organization_id).toBe(first.organization_id);
    expect(second.project_id).toBe(first.project_id);
    expect(second.webhook_signing_secret).toBe(first.webhook_signing_secret);
    expect(second.api_key).not.toBe(first.api_key);
    // Each run signs its owner in again: a new session.
    expect(second.access_token).not.toBe(first.access_token);
  });

  it('when another owner bootstraps the same name, then they get an organization of their own (names are not unique)', async () => {
    const name = `cli-${randomUUID()}`;
    const first = JSON.parse((await run('node', [CLI, 'bootstrap', '--name', name, '--email', 'ops@example.com'], { env })).stdout);
    const other = JSON.parse(
      (await run('node', [CLI, 'bootstrap', '--name', name, '--email', 'someone-else@example.com'], { env })).stdout,
    );
    expect(other.organization_id).not.toBe(first.organization_id);
    expect(other.user_id).not.toBe(first.user_id);
  });

  it('when migrate runs on a migrated database, then it applies nothing and succeeds', async () => {
    const out = JSON.parse((await run('node', [CLI, 'migrate'], { env })).stdout);
    expect(out).toEqual({ applied: [] });
  });

  it('when --help is given, then every command is listed', async () => {
    const { stdout } = await run('node', [CLI, '--help'], { env });
    expect(stdout).toMatch(/migrate/);
    expect(stdout).toMatch(/bootstrap \[--name NAME\] \[--email EMAIL\]/);
  });

  it('when --help is given to each command listed, then it prints that command usage on stdout and exits 0', async () => {
    const { stdout } = await run('node', [CLI, '--help'], { env });
    // Command lines are indented by two spaces; their names run up to the first option or argument.
    const commands = stdout
      .split('\n')
      .filter((line) => /^ {2}[a-z]/.test(line))
      .map((line) =>
        line
          .trim()
          .split(' ')
          .filter((word, i, words) => words.slice(0, i + 1).every((w) => /^[a-z][a-z-]*$/.test(w))),
      );
    expect(commands.map((c) => c.join(' '))).toEqual(
      expect.arrayContaining([
        'migrate',
        'bootstrap',
        'admin grant',
        'keys list',
        'keys create',
        'keys revoke',
        'keys rotate',
        'status',
        'dead-letter replay',
      ]),
    );
    for (const command of commands) {
      const help = await run('node', [CLI, ...command, '--help'], { env });
      expect(help.stdout).toMatch(new RegExp(`^Usage: herald ${command.join(' ')}`));
    }
  });

  it('when a command or option is unknown, then one line on stderr says so and the exit code is 2', async () => {
    for (const args of [['nope'], ['status', '--colour'], ['keys', 'list', '--project']]) {
      const failure = await run('node', [CLI, ...args], { env }).catch((e) => e);
      expect({ args, code: failure.code, lines: failure.stderr.trim().split('\n') }).toEqual({
        args,
        code: 2,
        lines: [expect.stringMatching(/^herald: /)],
      });
    }
  });
});

describe('a bad configuration', () => {
  it.each(['services/api/dist/main.js', 'services/fanout/dist/main.js'])(
    'when %s starts with PORT or AMQP_URL invalid, then it exits at once with one line naming the variable',
    async (entry) => {
      const failure = await run('node', [entry], { env: { ...env, PORT: 'http', AMQP_URL: 'not a url' } }).catch((err) => err);
      expect(failure.code).toBe(78);
      const lines = failure.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^herald: configuration error: (PORT|AMQP_URL)=/);
    },
  );
});
