// Browser suites (playwright-core driving Debian's Chromium at CHROMIUM_PATH): run by `npm test` against
// the whole stack, one file at a time because each drives a real browser.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testTimeout: 30_000,
  maxWorkers: 1,
};
