import { randomUUID } from 'node:crypto';
import { useSystem } from '../../support/system-fixture';
import { cliEnv, herald } from './cli-process';

const f = useSystem();
const env = () => cliEnv(f.config);
const settings = (key: string) => f.http().get('/api/v1/settings/retry-policies').set('X-API-Key', key);

async function json(...args: string[]) {
  const run = await herald(env(), ...args);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout);
}

describe('herald keys (the compiled program)', () => {
  it('when a key is created with scopes, then its secret is printed once and works on the API within those scopes only', async () => {
    const created = await json('keys', 'create', '--project', f.project.project_id, '--name', 'ci deploy', '--scope', 'settings:read');
    expect(created).toMatchObject({ project_id: f.project.project_id, name: 'ci deploy', scopes: ['settings:read'], status: 'active' });
    expect(created.key).toMatch(/^hk_/);
    expect((await settings(created.key)).status).toBe(200);
    expect((await f.http().get('/api/v1/audit-log').set('X-API-Key', created.key)).status).toBe(403);

    // The list never shows a secret again.
    const list = await json('keys', 'list', '--project', f.project.project_id, '--json');
    const listed = list.items.find((k: { id: string }) => k.id === created.id);
    expect(listed).toMatchObject({ name: 'ci deploy', status: 'active', prefix: created.prefix });
    expect(JSON.stringify(list)).not.toContain(created.key);
  });

  it('when no scope is named, then the key holds every project-plane scope', async () => {
    const created = await json('keys', 'create', '--project', f.project.project_id, '--name', 'everything');
    expect(created.scopes).toEqual(expect.arrayContaining(['events:write', 'audit_log:read', 'dead_letter:write']));
    expect((await f.http().get('/api/v1/audit-log').set('X-API-Key', created.key)).status).toBe(200);
  });

  it('when a key is revoked, then the API refuses it with 401 and the change is audited as the operator', async () => {
    const created = await json('keys', 'create', '--project', f.project.project_id, '--name', 'to revoke', '--scope', 'settings:read');
    expect((await settings(created.key)).status).toBe(200);
    const revoked = await json('keys', 'revoke', '--project', f.project.project_id, created.id);
    expect(revoked).toMatchObject({ id: created.id, status: 'revoked', revoked_at: expect.any(String) });
    expect((await settings(created.key)).status).toBe(401);

    const { rows } = await f.system.api.db.query(
      `SELECT action, actor_user_id, actor_api_key_id, metadata FROM audit_log
        WHERE project_id = $1 AND metadata ->> 'target_id' = $2 ORDER BY created_at, id`,
      [f.project.project_id, created.id],
    );
    expect(rows).toEqual([
      {
        action: 'api_key.created',
        actor_user_id: null,
        actor_api_key_id: null,
        metadata: expect.objectContaining({ via: 'cli keys create' }),
      },
      {
        action: 'api_key.revoked',
        actor_user_id: null,
        actor_api_key_id: null,
        metadata: { target_id: created.id, via: 'cli keys revoke' },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(created.key);
  });

  it('when a key is rotated with no grace period, then the new secret works, the old one is refused, and a second rotation is refused', async () => {
    const created = await json('keys', 'create', '--project', f.project.project_id, '--name', 'rotating', '--scope', 'settings:read');
    const rotated = await json('keys', 'rotate', '--project', f.project.project_id, created.id, '--grace-period', '0');
    expect(rotated).toMatchObject({ name: 'rotating', scopes: ['settings:read'], replaces: { id: created.id } });
    expect(rotated.key).not.toBe(created.key);
    expect((await settings(rotated.key)).status).toBe(200);
    expect((await settings(created.key)).status).toBe(401);

    const again = await herald(env(), 'keys', 'rotate', '--project', f.project.project_id, created.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`herald keys rotate: this key was already rotated; its replacement is ${rotated.id}\n`);
  });

  it('when the table is asked for, then every key of the project is a row', async () => {
    const run = await herald(env(), 'keys', 'list', '--project', f.project.project_id);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+PREFIX\s+STATUS/);
    expect(lines.some((l) => l.startsWith(f.project.api_key_id))).toBe(true);
  });

  it('when an argument is wrong, then one line names it, the exit code is 2, and nothing is created', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['keys', 'create', '--name', 'x'], /required option '--project <PROJECT_ID>' not specified/],
      [['keys', 'create', '--project', 'nope', '--name', 'x'], /--project "nope" is no id/],
      [['keys', 'create', '--project', f.project.project_id], /--name is required/],
      [['keys', 'create', '--project', f.project.project_id, '--name', 'x', '--scope', 'events:wirte'], /unknown scope "events:wirte"/],
      [['keys', 'create', '--project', f.project.project_id, '--name', 'x', '--expires-at', 'tomorrow'], /--expires-at "tomorrow"/],
      [
        ['keys', 'create', '--project', f.project.project_id, '--name', 'x', '--expires-at', '2020-01-01'],
        /--expires-at must be in the future/,
      ],
      [['keys', 'rotate', '--project', f.project.project_id, f.project.api_key_id, '--grace-period', '-1'], /--grace-period/],
      [['keys', 'revoke', '--project', f.project.project_id], /missing required argument 'KEY_ID'/],
    ];
    for (const [args, message] of cases) {
      const run = await herald(env(), ...args);
      expect({ args, code: run.code, lines: run.stderr.trim().split('\n').length }).toEqual({ args, code: 2, lines: 1 });
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    }
    const { rows } = await f.system.api.db.query(`SELECT 1 FROM api_keys WHERE project_id = $1 AND name = 'x'`, [f.project.project_id]);
    expect(rows).toHaveLength(0);
  });

  it('when the project or key does not exist, then one line says so and the exit code is 1', async () => {
    const missing = randomUUID();
    const noProject = await herald(env(), 'keys', 'list', '--project', missing);
    expect(noProject).toEqual({ code: 1, stdout: '', stderr: `herald keys list: project ${missing} not found\n` });
    const noKey = await herald(env(), 'keys', 'revoke', '--project', f.project.project_id, missing);
    expect(noKey).toEqual({ code: 1, stdout: '', stderr: 'herald keys revoke: API key not found\n' });
  });

  it('when --help is given to each keys command, then it shows that command usage and exits 0', async () => {
    for (const command of ['list', 'create', 'revoke', 'rotate']) {
      const run = await herald(env(), 'keys', command, '--help');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: herald keys ${command} --project PROJECT_ID`));
    }
  });
});
