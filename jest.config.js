const { answers } = require('./deploy/dev/embedded-postgres');

/** openid-client and its dependencies ship only ES modules: ts-jest turns them into CommonJS for jest 29. */
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose'];

/** Unit specs sit next to the code; integration tests under test/ talk to the real PostgreSQL and RabbitMQ. */
const common = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.check.json', diagnostics: false }],
    [`node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' }, diagnostics: false }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  moduleNameMapper: { '^@herald/([a-z-]+)$': '<rootDir>/libs/$1/src' },
};

/**
 * The behaviour tests that involve messaging run a second time on the postgres queue driver
 * (the first run uses RabbitMQ). Driver-specific tests under test/messaging run once.
 */
const MESSAGING_TESTS = [
  'system/e2e/webhook-pipeline',
  'fanout/fanout-exactly-once',
  'fanout/fanout-gives-up',
  'fanout/fanout-large-event',
  'fanout/priority-lanes',
  'fanout/fanout-lanes',
  'system/e2e/consumer-endpoint-health',
  'webhook-worker/webhook-delivery',
  'webhook-worker/webhook-shutdown',
  'webhook-worker/webhook-read-skip',
  'webhook-worker/project-share',
  'webhook-worker/destination-share',
  'email-worker/email-pipeline',
  'email-worker/system-email-lane',
  'sms-worker/sms-pipeline',
  'api/dead-letters/dead-letter',
  'api/dead-letters/dead-letter-replay',
  'scheduler/scheduler-dispatch',
  'scheduler/scheduler-processes',
  'system/operations/supervisor-heals',
  'system/operations/worker-deadline',
  'system/operations/postgres-restart',
  'outbox/outbox-relay-loading',
  'api/admin/administrators',
];

/**
 * Whether a broker answers decides the queue driver, once, here: the config is read before any
 * global setup and every worker inherits this environment. Without a broker the whole
 * integration project runs on the postgres driver (and global setup says the RabbitMQ driver was
 * not exercised), so its second, postgres-only run would only repeat it.
 */
async function queueDriver() {
  if (process.env.HERALD_TEST_QUEUE_DRIVER) return process.env.HERALD_TEST_QUEUE_DRIVER;
  const amqp = new URL(process.env.HERALD_TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  const broker = `${amqp.hostname}:${amqp.port || 5672}`;
  const reachable = await answers(broker);
  if (!reachable) process.env.HERALD_TEST_NO_BROKER = broker;
  return (process.env.HERALD_TEST_QUEUE_DRIVER = reachable ? 'rabbitmq' : 'postgres');
}

module.exports = async () => {
  const driver = await queueDriver();
  return {
    projects: [
      { ...common, displayName: 'unit', testMatch: ['<rootDir>/{libs,services}/*/src/**/*.spec.ts'] },
      {
        ...common,
        displayName: 'integration',
        testMatch: ['<rootDir>/test/**/*.test.ts'],
        globalSetup: '<rootDir>/test/support/global-setup.ts',
        globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      },
      ...(driver === 'postgres'
        ? []
        : [
            {
              ...common,
              displayName: 'integration:postgres-queue',
              testMatch: MESSAGING_TESTS.map((t) => `<rootDir>/test/${t}.test.ts`),
              globalSetup: '<rootDir>/test/support/global-setup-postgres-queue.ts',
              globalTeardown: '<rootDir>/test/support/global-teardown.ts',
              setupFiles: ['<rootDir>/test/support/postgres-queue-driver.ts'],
            },
          ]),
    ],
    testTimeout: 60000,
    maxWorkers: 2,
  };
};
