import { execFile } from 'node:child_process';
import { Client } from 'pg';
import { TEST_DATABASE_URL } from '../../support/test-env';

const CLI = 'services/api/dist/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the compiled `herald` as its own process with this environment; never rejects, so tests read the exit code. */
export function herald(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile('node', [CLI, ...args], { env }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The environment a test's CLI runs with: the test's database, queue driver and namespace, and secrets key. */
export function cliEnv(config: {
  DATABASE_URL: string;
  AMQP_URL: string;
  AMQP_NAMESPACE: string;
  QUEUE_DRIVER?: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: config.DATABASE_URL,
    AMQP_URL: config.AMQP_URL,
    AMQP_NAMESPACE: config.AMQP_NAMESPACE,
    QUEUE_DRIVER: config.QUEUE_DRIVER ?? '',
    HERALD_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_LEVEL: 'silent',
  };
}

async function asAdmin(url: string, sql: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of the test file's own (dropped before; `herald migrate` creates it), for commands
 * whose numbers cover the whole platform: on the shared test database other files' rows would
 * count too, and a replay of every project would take their dead letters. The file calls `drop`
 * last in its own afterAll: jest runs afterAll hooks in the order they are declared, so a drop
 * registered here would terminate the connections of services the file has not stopped yet.
 */
export function useScratchDatabase(suffix: string): { url: string; drop: () => Promise<void> } {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `${url.pathname}_${suffix}`;
  const name = url.pathname.slice(1);
  const drop = () => asAdmin(url.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  beforeAll(drop);
  return { url: url.toString(), drop };
}
