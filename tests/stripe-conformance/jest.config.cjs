// The Stripe conformance phase of `npm test`: the schema checker's own tests, then every Stripe call and
// webhook delivery the sandbox recorded during the run (STRIPE_TRAFFIC_FILE) against Stripe's schema.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'stripe-conformance',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
};
