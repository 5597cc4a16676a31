import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { TEST_DATABASE_URL } from '../support/test-env';

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
