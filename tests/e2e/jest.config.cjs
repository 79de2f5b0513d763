// Browser suites (playwright-core driving Debian's Chromium at CHROMIUM_PATH): run by `npm test` against
// the whole stack, one file at a time because each drives a real browser.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'e2e',
  testEnvironment: '<rootDir>/../support/e2e-environment.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  // A stuck step fails on its own wait (pages default to 10–20 s, with the locator in the message). This
  // budget is for the whole test: 20-odd steps each well within their wait took over 30 s together while
  // the images were built from scratch beside the suite (CI on a fresh machine, 2026-11-27).
  testTimeout: 60_000,
  maxWorkers: 1,
};
