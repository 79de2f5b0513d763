// Deploy smoke tests: run by `npm test`'s deploy phase (infra/images/deploy-test.mjs) against the stack
// started from the images `npm run images` built — by podman-compose, then by `podman kube play`.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'deploy',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testTimeout: 120_000,
};
