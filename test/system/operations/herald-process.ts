import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { eventually } from '../../support/eventually';
import { TEST_AMQP_URL, TEST_DATABASE_URL, TEST_QUEUE_DRIVER, TEST_QUEUE_LEASE_MS, testConfig } from '../../support/test-env';

/**
 * Real Herald processes for the operations tests: `npm start`'s launcher
 * (deploy/dev/start-all.js) or one service's compiled main.js, each on a database and an AMQP
 * namespace of the test file's own, so no other test's scheduler or consumer touches them.
 */
export const ROOT = join(__dirname, '..', '..', '..');
export const START_ALL = join(ROOT, 'deploy', 'dev', 'start-all.js');
export const serviceEntry = (name: string) => join(ROOT, 'services', name, 'dist', 'main.js');
const CLI = join(ROOT, 'services', 'api', 'dist', 'cli', 'main.js');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A spawned process whose stdout and stderr lines are kept, in arrival order, for assertions. */
export class HeraldProcess {
  readonly stdout: string[] = [];
  readonly stderr: string[] = [];
  readonly exited: Promise<Exit>;
  exit: Exit | undefined;

  constructor(readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on('line', (l) => this.stdout.push(l));
    createInterface({ input: child.stderr! }).on('line', (l) => this.stderr.push(l));
    this.exited = new Promise((resolve) =>
      child.once('close', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      }),
    );
  }

  /** How many lines so far match `re`. */
  count(re: RegExp): number {
    return this.lines.filter((l) => re.test(l)).length;
  }

  get lines(): string[] {
    return [...this.stdout, ...this.stderr];
  }

  /** Waits for a line matching `re` and returns its match. */
  async line(re: RegExp, timeoutMs = 30000): Promise<RegExpMatchArray> {
    return eventually(() => {
      const found = this.lines.map((l) => l.match(re)).find(Boolean);
      if (!found) throw new Error(`no line matches ${re}; last lines:\n${this.lines.slice(-15).join('\n')}`);
      return found;
    }, timeoutMs);
  }

  /** Kills the whole process group (the launcher and its services) if anything is left. */
  killGroup(): void {
    if (this.exit || !this.child.pid) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/** One test file's database, AMQP namespace and the environment every process of it gets. */
export class OperationsEnv {
  readonly namespace = `test-ops-${randomBytes(4).toString('hex')}.`;
  readonly databaseUrl: string;
  private readonly dbName = `herald_test_ops_${randomBytes(4).toString('hex')}`;
  private readonly processes: HeraldProcess[] = [];

  /** `server`: a URL of the PostgreSQL to make the database on (the suite's test server unless given). */
  constructor(
    private readonly base: Record<string, string>,
    private readonly server = TEST_DATABASE_URL,
  ) {
    const url = new URL(server);
    url.pathname = `/${this.dbName}`;
    this.databaseUrl = url.toString();
  }

  env(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      // Any free port for each process's /metrics, /livez, /readyz: test files run side by side.
      OPS_PORT: '0',
      DATABASE_URL: this.databaseUrl,
      AMQP_URL: TEST_AMQP_URL,
      QUEUE_DRIVER: TEST_QUEUE_DRIVER,
      QUEUE_LEASE_MS: TEST_QUEUE_LEASE_MS,
      AMQP_NAMESPACE: this.namespace,
      SSRF_ALLOW_CIDRS: '127.0.0.0/8',
      HERALD_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      LOG_LEVEL: 'info',
      SCHEDULER_INTERVAL_MS: '200',
      OUTBOX_POLL_INTERVAL_MS: '100',
      // The retry settings of testConfig(), so cleanup deletes the very delay queues these make.
      RETRY_MAX_ATTEMPTS: '3',
      RETRY_BASE_DELAY_MS: '50',
      RETRY_MAX_DELAY_MS: '200',
      // Off unless a test file turns it on: many files fail one receiver on purpose, many times in a
      // row, and assert what each attempt met (test/webhook-worker/circuit-breaker.test.ts tests it).
      WEBHOOK_CIRCUIT_FAILURES: '0',
      API_KEY_CACHE_TTL_MS: '0',
      ...this.base,
      ...overrides,
    };
  }

  /** A project and a key with every scope, made by the CLI (which also creates and migrates the database). */
  async bootstrap(): Promise<{ api_key: string; webhook_signing_secret: string; project_id: string }> {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'bootstrap', '--name', `ops-${randomBytes(4).toString('hex')}`], {
      env: this.env(),
    });
    return JSON.parse(stdout);
  }

  /** Spawns a node program in its own process group, so cleanup can kill it with everything it started. */
  spawn(entry: string, overrides: Record<string, string> = {}): HeraldProcess {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
    const child = spawn(process.execPath, [entry], {
      cwd: ROOT,
      env: this.env(overrides),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const proc = new HeraldProcess(child);
    this.processes.push(proc);
    return proc;
  }

  async cleanup(): Promise<void> {
    for (const proc of this.processes) proc.killGroup();
    await Promise.all(this.processes.map((p) => p.exited));
    await deleteTestTopology(testConfig({ AMQP_NAMESPACE: this.namespace })).catch(() => undefined);
    const admin = new Client({ connectionString: this.server });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${this.dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

export { freePort } from '../../support/free-port';

export interface JsonResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

/**
 * One HTTP request with a JSON body. Without an agent each request has its own connection, so a
 * restarted api is never reached through a socket of its predecessor.
 */
export function httpJson(
  url: string,
  options: { method?: string; key?: string; body?: unknown; agent?: Agent; headers?: Record<string, string> } = {},
): Promise<JsonResponse> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? (payload ? 'POST' : 'GET'),
        agent: options.agent ?? false,
        headers: {
          ...options.headers,
          ...(options.key ? { 'X-API-Key': options.key } : {}),
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
