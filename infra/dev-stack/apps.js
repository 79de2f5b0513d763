// @ts-check
'use strict';
// The apps that `npm start` and `npm test` build, start and health-check. Adding a service is one line.
//   name:   Nx project name; its build output is dist/apps/<name>/apps/<name>/src/main.js
//   port:   default HTTP_PORT in development (tests always use free ports)
//   health: path answering 200 when the app is ready (services: /health; the gateway: /api/health)
//   public: the app whose URL is printed and used as PUBLIC_URL / WEB_ORIGIN (exactly one)
// Optional: entry (a different main file, relative to the repository root), build: false (not an Nx project),
//   startIf: ({ mode, userEnv }) => boolean (leave the app out of this run when false),
//   replicated: false (always one process, whatever KITTY_REPLICAS says),
//   opsPort: a second port per replica, passed as OPS_HTTP_PORT (KITTY_<APP>_OPS_PORT in development).
const { STRIPE_SANDBOX_APP, usesStripeSandbox } = require('./lib/env');

const APPS = [
  // opsPort: the operator surface (bull-board, /metrics), never exposed publicly; one per replica.
  { name: 'gateway', port: 3000, health: '/api/health', public: true, opsPort: 3001 },
  { name: 'auth', port: 3101, health: '/health' },
  { name: 'pots', port: 3102, health: '/health' },
  { name: 'payments', port: 3103, health: '/health' },
  { name: 'issuing', port: 3104, health: '/health' },
  { name: 'residency', port: 3105, health: '/health' },
  { name: 'notifications', port: 3106, health: '/health' },
  // The local Stripe (docs/stripe-sandbox.md); not started when real Stripe keys are configured.
  {
    name: STRIPE_SANDBOX_APP,
    port: 12111,
    health: '/_sandbox/health',
    entry: 'dist/infra/stripe-sandbox/infra/stripe-sandbox/src/main.js',
    startIf: usesStripeSandbox,
    // Not our service: one process holding Stripe's state, as there is one Stripe.
    replicated: false,
  },
];

// The SPA: built with the apps, served by the gateway from WEB_DIST_DIR.
const WEB = { name: 'web', dist: 'dist/apps/web' };

module.exports = { APPS, WEB };
