/** Unit specs sit next to the code; integration tests under test/ talk to the real PostgreSQL and RabbitMQ. */
const common = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.check.json', diagnostics: false }] },
  moduleNameMapper: { '^@herald/([a-z-]+)$': '<rootDir>/libs/$1/src' },
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{libs,services}/*/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
    },
  ],
  testTimeout: 60000,
  maxWorkers: 2,
};
