// The rolling restart under load alone (npm run test:rolling-restart; npm test's fault phase runs it too):
// a stack of its own at 3 replicas on a Redis Cluster behind PgBouncer, every app restarted one replica at
// a time while users add expenses, top up and pay by card (docs/fault-suite.md#rolling-restart).
module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'rolling-restart',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.ts'],
  testTimeout: 3_600_000,
  forceExit: true,
};
