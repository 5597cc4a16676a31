import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { adminPermissions } from '../../../services/api/src/admin/permissions';
import { useSystem } from '../../support/system-fixture';
import { TEST_DATABASE_URL } from '../../support/test-env';

const run = promisify(execFile);
const CLI = 'services/api/dist/cli/main.js';
const env = { ...process.env, DATABASE_URL: TEST_DATABASE_URL, HERALD_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };

const f = useSystem();
const http = () => f.http();

async function grant(...args: string[]) {
  return JSON.parse((await run('node', [CLI, 'admin', 'grant', ...args], { env })).stdout);
}

describe('herald admin grant (the compiled program)', () => {
  it('when run for a new address with no permission named, then it makes an administrator holding all twelve whose tokens work on /admin', async () => {
    const email = `root-${randomUUID().slice(0, 8)}@example.com`;
    const out = await grant('--email', email);
    expect(out).toEqual({
      user_id: expect.any(String),
      administrator_id: expect.any(String),
      permissions: [...adminPermissions()].sort(),
      access_token: expect.stringMatching(/^hat_/),
      refresh_token: expect.stringMatching(/^hrt_/),
    });
    // Its own record, read with its own token (a list page would depend on how many administrators other tests made).
    const own = await http().get(`/api/v1/admin/administrators/${out.administrator_id}`).set('Authorization', `Bearer ${out.access_token}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(expect.objectContaining({ id: out.administrator_id, email, user_id: out.user_id }));
    const refreshed = await http().post('/api/v1/auth/refresh').send({ refresh_token: out.refresh_token });
    expect(refreshed.status).toBe(200);
  });

  it('when permissions are named, then the administrator holds exactly those, and running again replaces them', async () => {
    const email = `ops-${randomUUID().slice(0, 8)}@example.com`;
    const first = await grant('--email', email, '--permission', 'health:read');
    expect(first.permissions).toEqual(['health:read']);
    const auth = { Authorization: `Bearer ${first.access_token}` };
    expect((await http().get('/api/v1/admin/health').set(auth)).status).toBe(200);
    expect((await http().get('/api/v1/admin/administrators').set(auth)).status).toBe(403);

    const second = await grant('--email', email, '--permission', 'administrators:read', '--permission', 'health:read');
    expect(second).toMatchObject({
      user_id: first.user_id,
      administrator_id: first.administrator_id,
      permissions: ['administrators:read', 'health:read'],
    });
    expect((await http().get('/api/v1/admin/administrators').set(auth)).status).toBe(200);
  });

  it('when a permission is unknown or the address is missing or malformed, then it exits with 2 naming the problem and grants nothing', async () => {
    const email = `typo-${randomUUID().slice(0, 8)}@example.com`;
    const typo = await run('node', [CLI, 'admin', 'grant', '--email', email, '--permission', 'health:wirte'], { env }).catch((e) => e);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/unknown permission "health:wirte"/);
    const none = await run('node', [CLI, 'admin', 'grant'], { env }).catch((e) => e);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--email is required/);
    const notAnAddress = await run('node', [CLI, 'admin', 'grant', '--email', 'ops at example'], { env }).catch((e) => e);
    expect(notAnAddress.code).toBe(2);
    expect(notAnAddress.stderr).toMatch(/--email "ops at example" is no email address/);
    const { rows } = await f.system.api.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('when --help is given, then admin grant is listed', async () => {
    const { stdout } = await run('node', [CLI, '--help'], { env });
    expect(stdout).toMatch(/admin grant --email EMAIL \[--permission P\]\.\.\./);
  });
});
