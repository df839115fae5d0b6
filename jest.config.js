/**
 * Two projects: `unit` (no infrastructure) and `integration` (real Kafka, MongoDB/FerretDB, Redis and
 * an SMTP catcher, chosen by test/global-setup.ts). Browser tests run with Playwright (e2e/).
 */
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' } }] };
const common = {
  transform,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/', '/.stack/'],
};

/** @type {import('jest').Config} */
module.exports = {
  // Integration tests start real services; the project-level value is not applied by jest 30.
  testTimeout: 60_000,
  // `npm test` runs the integration tier in parallel shards, balanced by file size (a global option).
  testSequencer: '<rootDir>/test/balanced-sequencer.js',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/**/*.unit.test.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      testTimeout: 60_000,
    },
  ],
};
