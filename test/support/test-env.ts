import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '@herald/config';
import { registerTestTopology } from './test-topology-registry';

/** The queue driver the tests run on; the jest project `integration:postgres-queue` sets postgres. */
export const TEST_QUEUE_DRIVER = process.env.HERALD_TEST_QUEUE_DRIVER === 'postgres' ? 'postgres' : 'rabbitmq';
const BASE_DATABASE_URL = process.env.HERALD_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/herald_test';

/**
 * The postgres-driver run has a database of its own: the same files run in both jest projects at
 * once, and some of them own shared state (the only in-process scheduler, platform-wide lists).
 */
export function postgresQueueDatabaseUrl(base = BASE_DATABASE_URL): string {
  const url = new URL(base);
  url.pathname = `${url.pathname}_pgqueue`;
  return url.toString();
}

export const TEST_DATABASE_URL = TEST_QUEUE_DRIVER === 'postgres' ? postgresQueueDatabaseUrl() : BASE_DATABASE_URL;
export const TEST_AMQP_URL = process.env.HERALD_TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
/**
 * Fixed ports of the process tests, shifted per driver: the same file runs in both jest
 * projects, possibly at the same time.
 */
export const fixedTestPort = (base: number): number => base + (TEST_QUEUE_DRIVER === 'postgres' ? 200 : 0);
/** Short enough that a message held by a killed consumer comes back within a test's patience. */
export const TEST_QUEUE_LEASE_MS = '5000';
const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * A configuration for one test file: its own queue namespace (so parallel files never consume
 * each other's messages), the driver under test, fast retries, loopback allowed as a webhook target.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const config = loadConfig({
    DATABASE_URL: TEST_DATABASE_URL,
    AMQP_URL: TEST_AMQP_URL,
    QUEUE_DRIVER: TEST_QUEUE_DRIVER,
    QUEUE_LEASE_MS: TEST_QUEUE_LEASE_MS,
    AMQP_NAMESPACE: `test-${randomBytes(4).toString('hex')}.`,
    PORT: '0',
    LOG_LEVEL: process.env.HERALD_TEST_LOG_LEVEL ?? 'silent',
    SSRF_ALLOW_CIDRS: '127.0.0.0/8',
    RETRY_MAX_ATTEMPTS: '3',
    RETRY_BASE_DELAY_MS: '50',
    RETRY_MAX_DELAY_MS: '200',
    // Off unless a test file turns it on: many files fail one receiver on purpose, many times in a
    // row, and assert what each attempt met (test/webhook-worker/circuit-breaker.test.ts tests it).
    WEBHOOK_CIRCUIT_FAILURES: '0',
    WEBHOOK_TIMEOUT_MS: '2000',
    OUTBOX_POLL_INTERVAL_MS: '100',
    API_KEY_CACHE_TTL_MS: '0',
    // Off unless a test file turns it on: the suite makes bursts of requests with one key.
    RATE_LIMIT_PER_SECOND: '0',
    // Every test client is the same loopback address, unlike a real population of clients.
    CLIENT_IP_RATE_LIMIT_PER_MINUTE: '0',
    VALIDATE_RESPONSES: 'true',
    HERALD_SECRETS_KEY: TEST_SECRETS_KEY,
    ...overrides,
  });
  registerTestTopology(config);
  return config;
}
