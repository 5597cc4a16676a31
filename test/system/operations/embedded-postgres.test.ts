import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { freePort } from '../../support/free-port';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { answers } from '../../../deploy/dev/embedded-postgres';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { eventually } from '../../support/eventually';
import { TEST_AMQP_URL, testConfig } from '../../support/test-env';
import { httpJson, HeraldProcess, ROOT, START_ALL } from './herald-process';

/**
 * `npm start` on a machine without PostgreSQL: DATABASE_URL unset and nothing on the default
 * address (pointed by HERALD_DEFAULT_POSTGRES_ADDRESS at a closed port, since this machine has a
 * PostgreSQL on 5432) starts an embedded PostgreSQL with its data under the project, which
 * keeps its data across restarts; a configured but unreachable DATABASE_URL never falls back.
 */
/** `npm run herald`: the CLI on the database npm start uses. */
const CLI = join(ROOT, 'deploy', 'dev', 'herald.js');
const NAME = `test-embedded-${randomBytes(3).toString('hex')}`;
const DIR = join(ROOT, '.herald', NAME);
const NAMESPACE = `test-emb-${randomBytes(4).toString('hex')}.`;

let closedPort: number;
let pgPort: number;
let apiPort: number;

function env(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  // Built from nothing, so no DATABASE_URL of the test run leaks in.
  return {
    PATH: process.env.PATH,
    HERALD_DEFAULT_POSTGRES_ADDRESS: `127.0.0.1:${closedPort}`,
    HERALD_EMBEDDED_POSTGRES_DIR: `.herald/${NAME}`,
    HERALD_EMBEDDED_POSTGRES_PORT: String(pgPort),
    AMQP_URL: TEST_AMQP_URL,
    AMQP_NAMESPACE: NAMESPACE,
    PORT: String(apiPort),
    OPS_PORT: '0',
    LOG_LEVEL: 'warn',
    HERALD_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    ...(process.env.HERALD_TEST_QUEUE_DRIVER ? { QUEUE_DRIVER: process.env.HERALD_TEST_QUEUE_DRIVER } : {}),
    ...overrides,
  };
}

const running: HeraldProcess[] = [];
function startAll(overrides: Record<string, string> = {}): HeraldProcess {
  const child = spawn(process.execPath, [START_ALL], { cwd: ROOT, env: env(overrides), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const proc = new HeraldProcess(child);
  running.push(proc);
  return proc;
}

async function healthy(): Promise<void> {
  await eventually(async () => {
    const res = await httpJson(`http://127.0.0.1:${apiPort}/api/v1/health`);
    expect(res.body.checks.database).toBe('ok');
  }, 60000);
}

/** The embedded server's process, as PostgreSQL records it in its data directory while running. */
const postmasterPid = () =>
  existsSync(join(DIR, 'postmaster.pid')) ? Number(readFileSync(join(DIR, 'postmaster.pid'), 'utf8').split('\n')[0]) : null;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  [closedPort, pgPort, apiPort] = [await freePort(), await freePort(), await freePort()];
});

afterAll(async () => {
  for (const proc of running) proc.killGroup();
  await Promise.all(running.map((p) => p.exited));
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGQUIT');
  rmSync(DIR, { recursive: true, force: true });
  for (const suffix of ['.log', '.password', '.owner']) rmSync(DIR + suffix, { force: true });
  await deleteTestTopology(testConfig({ AMQP_NAMESPACE: NAMESPACE })).catch(() => undefined);
});

describe('npm start without a configured or reachable PostgreSQL', () => {
  let key: string;

  it('starts an embedded PostgreSQL under the project, migrates it and serves the api', async () => {
    const herald = startAll();
    const [line] = await herald.line(/embedded PostgreSQL on .*/, 90000);
    expect(line).toBe(
      `embedded PostgreSQL on 127.0.0.1:${pgPort} (DATABASE_URL unset, nothing answers on 127.0.0.1:${closedPort}), data in .herald/${NAME} (new)`,
    );
    await healthy();
    expect(existsSync(join(DIR, 'PG_VERSION'))).toBe(true);

    // The CLI reaches the same server with the URL the launcher gave the services.
    const url = `postgres://postgres:${encodeURIComponent(readFileSync(DIR + '.password', 'utf8').trim())}@127.0.0.1:${pgPort}/herald`;
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'bootstrap', '--name', 'embedded'], {
      env: env({ DATABASE_URL: url }),
    });
    key = JSON.parse(stdout).api_key;
    expect((await httpJson(`http://127.0.0.1:${apiPort}/api/v1/templates`, { key })).status).toBe(200);

    const server = postmasterPid()!;
    process.kill(herald.child.pid!, 'SIGTERM');
    expect(await herald.exited).toEqual({ code: 0, signal: null });
    // Stopped after the services, not left behind.
    expect(alive(server)).toBe(false);
    expect(postmasterPid()).toBeNull();
  });

  it('keeps the data across a restart', async () => {
    const herald = startAll();
    const [line] = await herald.line(/embedded PostgreSQL on .*/, 90000);
    expect(line).toMatch(new RegExp(`data in \\.herald/${NAME}$`));
    await healthy();
    expect((await httpJson(`http://127.0.0.1:${apiPort}/api/v1/templates`, { key })).status).toBe(200);
    // Ctrl-C (SIGINT to the launcher's whole process group) while an event is being uploaded:
    // the api drains it into the database, which is in a process group of its own and so is
    // stopped only after every service has exited.
    const server = postmasterPid()!;
    const body = Buffer.from(
      JSON.stringify({
        event_type: 'drain',
        recipients: [{ channels: ['email'], email: 'drain@example.com' }],
        payload: {},
        inline: { html: '<p>x</p>' },
      }),
    );
    const upload = request({
      host: '127.0.0.1',
      port: apiPort,
      path: '/api/v1/events',
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json', 'Content-Length': body.length },
    });
    const answer = new Promise<number>((resolve, reject) => upload.on('response', (res) => resolve(res.statusCode!)).on('error', reject));
    upload.write(body.subarray(0, 10));
    await new Promise((resolve) => upload.once('socket', (socket) => socket.once('connect', resolve)));
    // Nothing to observe the api parsing the headers: a moment for them to arrive before Ctrl-C.
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(-herald.child.pid!, 'SIGINT');
    // Draining: the api takes no new connections, and still holds the upload.
    await eventually(async () => expect(await answers(`127.0.0.1:${apiPort}`)).toBe(false));
    upload.end(body.subarray(10));
    expect(await answer).toBe(202);
    expect(await herald.exited).toEqual({ code: 0, signal: null });
    expect(herald.lines.join('\n')).not.toMatch(/stopped uncleanly|ECONNREFUSED|terminating connection/);
    expect(alive(server)).toBe(false);
  });

  it('lets `npm run herald` start the same embedded PostgreSQL for one command when npm start is not running', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'bootstrap', '--name', 'embedded'], { env: env() });
    expect(stderr).toBe(`herald: started the embedded PostgreSQL (data in .herald/${NAME}) for this command\n`);
    expect(JSON.parse(stdout).api_key).toMatch(/^hk_/);
    expect(postmasterPid()).toBeNull();
  });

  it('refuses a set but unreachable DATABASE_URL with one line and starts nothing embedded', async () => {
    const elsewhere = `test-embedded-unused-${randomBytes(3).toString('hex')}`;
    const herald = startAll({
      DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${closedPort}/herald`,
      HERALD_EMBEDDED_POSTGRES_DIR: `.herald/${elsewhere}`,
    });
    expect((await herald.exited).code).toBe(1);
    const errors = herald.stderr.filter((l) => !/not started: TWILIO/.test(l));
    expect(errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^herald: cannot start: cannot connect to PostgreSQL at postgres://\\*\\*\\*\\*:\\*\\*\\*\\*@127\\.0\\.0\\.1:${closedPort}/herald`,
        ),
      ),
    ]);
    expect(herald.lines.join('\n')).not.toMatch(/embedded|secret/);
    expect(existsSync(join(ROOT, '.herald', elsewhere))).toBe(false);
  });
});
