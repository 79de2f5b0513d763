// Redis Cluster failover: run by npm test's "Redis Cluster + PgBouncer" phase against its own stack, with
// KITTY_REDIS_CLUSTER_NODES naming the cluster's nodes (port, pid) so a spec can kill one.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'cluster',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testTimeout: 300_000,
};
