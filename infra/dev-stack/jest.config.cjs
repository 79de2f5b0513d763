// The launcher's helpers: ports, environment, secrets, install check, registry, process supervision.
module.exports = {
  ...require('../../jest.preset.cjs'),
  rootDir: __dirname,
  displayName: 'dev-stack',
  testTimeout: 30_000,
};
