import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { redactUrl } from '@herald/config';
import { migrate } from '@herald/db';
import { answers, defaultAddress, startEmbeddedPostgres, type EmbeddedPostgres } from '../../deploy/dev/embedded-postgres';
import { openTopologyRegistry } from './test-topology-registry';

const ROOT = join(__dirname, '..', '..');
/** Not npm start's port, so the suite and a running `npm start` each have their own server. */
const EMBEDDED_PORT = Number(process.env.HERALD_TEST_EMBEDDED_POSTGRES_PORT || 25433);

declare global {
  /** Set by global setup when it started PostgreSQL; global teardown (same process) stops it. */
  var heraldEmbeddedPostgres: EmbeddedPostgres | undefined;
  var heraldTestDatabaseDecided: boolean | undefined;
}

const say = (line: string) => process.stdout.write(`herald tests: ${line}\n`);

/**
 * The database the suite runs on: HERALD_TEST_DATABASE_URL when given; else the PostgreSQL on
 * the default address; else, on a machine without one, an embedded PostgreSQL (data in
 * .herald/postgres-test, trust authentication like the documented test server). The choice
 * reaches every test worker through HERALD_TEST_DATABASE_URL (workers start after this).
 */
async function testDatabase(): Promise<void> {
  const given = process.env.HERALD_TEST_DATABASE_URL;
  if (given) {
    say(`database ${redactUrl(given)} (HERALD_TEST_DATABASE_URL)`);
    return;
  }
  const probed = defaultAddress(process.env);
  if (await answers(probed)) {
    const url = `postgres://postgres@${probed}/herald_test`;
    say(`database ${url} (the PostgreSQL on the default address)`);
    process.env.HERALD_TEST_DATABASE_URL = url;
    return;
  }
  const embedded = await startEmbeddedPostgres({
    dir: join(ROOT, '.herald', 'postgres-test'),
    port: EMBEDDED_PORT,
    database: 'herald_test',
    detached: false,
    auth: 'trust',
    say,
  }).catch((err: Error) => {
    // One line, not a stack: nothing can run without the database, and the message says why.
    say(`cannot start embedded PostgreSQL: ${err.message}`);
    process.exit(1);
  });
  globalThis.heraldEmbeddedPostgres = embedded;
  say(`database ${embedded.url}: embedded PostgreSQL, data in ${embedded.dataDir} (nothing answers on ${probed})`);
  process.env.HERALD_TEST_DATABASE_URL = embedded.url;
}

/** What jest.config.js decided about the queue driver, said once. */
function sayQueueDriver(): void {
  const broker = process.env.HERALD_TEST_NO_BROKER;
  if (broker) say(`RabbitMQ driver NOT exercised: no broker reachable at ${broker}; tests run with QUEUE_DRIVER=postgres`);
  else if (process.env.HERALD_TEST_QUEUE_DRIVER === 'postgres') say('RabbitMQ driver NOT exercised: HERALD_TEST_QUEUE_DRIVER=postgres');
  else say('RabbitMQ driver exercised (and the messaging tests again on the postgres driver)');
}

/**
 * The database decision, made by whichever project's global setup runs first (jest does not
 * promise an order): later calls find it in the environment.
 */
export async function decideTestDatabase(): Promise<void> {
  if (globalThis.heraldTestDatabaseDecided) return;
  globalThis.heraldTestDatabaseDecided = true;
  openTopologyRegistry(join(tmpdir(), `herald-test-topology-${process.pid}-${Date.now()}.jsonl`));
  process.stdout.write('\n');
  await testDatabase();
  sayQueueDriver();
}

/** Drops the database and migrates a fresh one. */
export async function freshDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
  await migrate(url);
}

/** A fresh test database per run; each test then makes its own project, so order never matters. */
export default async function globalSetup(): Promise<void> {
  await decideTestDatabase();
  // Loaded only now: it reads both decisions from the environment (the postgres driver runs on a database of its own).
  const { TEST_DATABASE_URL } = require('./test-env') as typeof import('./test-env');
  await freshDatabase(TEST_DATABASE_URL);
}
