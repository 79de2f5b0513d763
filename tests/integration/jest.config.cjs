// Integration suites: run by `npm test` against the whole stack started on free ports, with
// GATEWAY_URL, MAILDEV_URL, DATABASE_URL and REDIS_URL pointing at that run's services.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testTimeout: 30_000,
};
