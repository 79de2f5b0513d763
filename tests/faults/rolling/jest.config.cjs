// The rolling restart under load (npm run test:rolling-restart): a stack of its own at 3 replicas behind
// PgBouncer, every app restarted one replica at a time while users add expenses, top up and pay by card.
// A load run of many minutes, kept out of npm test's fault phase (docs/fault-suite.md#rolling-restart).
module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'rolling-restart',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.ts'],
  testTimeout: 3_600_000,
  forceExit: true,
};
