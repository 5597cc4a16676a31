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

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{libs,services}/*/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
  testTimeout: 60000,
  maxWorkers: 2,
};
