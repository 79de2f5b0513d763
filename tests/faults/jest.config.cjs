// The fault suite: starts a stack of its own (own database, Redis, free ports), runs a seeded workload
// while killing and restarting its processes, then checks the money invariants. FAULT_SEED=<n> replays.
// rolling/ restarts every replica under load on a Redis Cluster behind PgBouncer (also run alone with
// npm run test:rolling-restart, at a rate of one's choosing).
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'faults',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testTimeout: 600_000,
  // The stack is stopped in afterAll; keep-alive sockets of the SDKs must not hold the run open after it.
  forceExit: true,
};
