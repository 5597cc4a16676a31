import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '@herald/config';

/**
 * Global setup (global-setup.ts) decides both before any test file loads: the database (given,
 * on the default address, or an embedded PostgreSQL) and the queue driver (`rabbitmq` when a
 * broker answers, else `postgres`), and hands them to the workers through the environment.
 */
export const TEST_DATABASE_URL = process.env.HERALD_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/herald_test';
export const TEST_AMQP_URL = process.env.HERALD_TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
export const TEST_QUEUE_DRIVER = process.env.HERALD_TEST_QUEUE_DRIVER ?? 'rabbitmq';
const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * A configuration for one test file: its own AMQP namespace (so parallel files never consume
 * each other's messages), fast retries, loopback allowed as a webhook target.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: TEST_DATABASE_URL,
    AMQP_URL: TEST_AMQP_URL,
    AMQP_NAMESPACE: `test-${randomBytes(4).toString('hex')}.`,
    PORT: '0',
    LOG_LEVEL: process.env.HERALD_TEST_LOG_LEVEL ?? 'silent',
    SSRF_ALLOW_CIDRS: '127.0.0.0/8',
    RETRY_MAX_ATTEMPTS: '3',
    RETRY_BASE_DELAY_MS: '50',
    RETRY_MAX_DELAY_MS: '200',
    WEBHOOK_TIMEOUT_MS: '2000',
    OUTBOX_POLL_INTERVAL_MS: '100',
    API_KEY_CACHE_TTL_MS: '0',
    // Off unless a test file turns it on: the suite makes bursts of requests with one key.
    RATE_LIMIT_PER_SECOND: '0',
    VALIDATE_RESPONSES: 'true',
    HERALD_SECRETS_KEY: TEST_SECRETS_KEY,
    ...overrides,
  });
}
