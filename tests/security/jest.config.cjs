// The hostile route walk (tests/security/route-walk.spec.ts): run by `npm test` after the integration
// suites, against the same stack, with the run's access-token secret so it can sign expired tokens.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'security',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testTimeout: 600_000,
  maxWorkers: 1,
};
