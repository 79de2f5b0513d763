// @ts-check
'use strict';
// The one list of environment variables every app receives, with their defaults. Each app validates
// only what it needs. In development the user's own environment wins; in tests only LOG_LEVEL does,
// because everything else points at the test run's own database, Redis, MailDev and ports.
const path = require('node:path');

/**
 * @typedef {{
 *   mode: 'development' | 'test', databaseUrl: string, redisUrl: string, publicUrl: string,
 *   webDistDir: string, smtpPort: number, mailWebPort: number, jwtAccessSecret: string, opsPassword: string,
 *   emailLinkSecret?: string,
 *   queuePrefix: string, gatewayPort: number, stripeWebhookSecret: string, stripeConnectWebhookSecret?: string,
 *   stripeSandboxPort: number | null, stripeSandboxDataDir: string
 * }} Context
 * @typedef {{
 *   name: string, description: string, value: (context: Context, resolved: Record<string, string>) => string | undefined,
 *   testOverride?: boolean, perApp?: boolean, optional?: boolean
 * }} Variable
 *   optional: no value means the variable is left unset (instead of an error)
 */

/** The registry name of the local Stripe stand-in (infra/stripe-sandbox). */
const STRIPE_SANDBOX_APP = 'stripe-sandbox';
/** Any `sk_test_…` key works against the sandbox. */
const SANDBOX_STRIPE_KEY = 'sk_test_kitty_sandbox';

/**
 * Whether the run needs the Stripe sandbox: always in tests; in development unless the user configured
 * real Stripe (STRIPE_SECRET_KEY set, STRIPE_API_URL not).
 * @param {{ mode: 'development' | 'test', userEnv: NodeJS.ProcessEnv }} run
 */
function usesStripeSandbox({ mode, userEnv }) {
  return mode === 'test' || userEnv.STRIPE_SECRET_KEY === undefined || userEnv.STRIPE_API_URL !== undefined;
}

/** @param {Context} c @param {(port: number) => string} value */
const whenSandbox = (c, value) => (c.stripeSandboxPort === null ? undefined : value(c.stripeSandboxPort));

/** @type {Variable[]} */
const VARIABLES = [
  {
    name: 'NODE_ENV',
    description: '`development` for npm start, `test` for npm test',
    value: (c) => (c.mode === 'test' ? 'test' : 'development'),
  },
  {
    name: 'LOG_LEVEL',
    // Tests log at info too: every request line of the run is then what the log audit scans for card numbers.
    description: 'pino level: `info` (npm start and npm test)',
    value: () => 'info',
    testOverride: true,
  },
  {
    name: 'DATABASE_URL',
    description:
      'PostgreSQL database (each service uses its own schema). Default: postgresql://postgres@127.0.0.1:5432/kitty if reachable, else the embedded server on 5433; tests use a fresh `kitty_test_<random>` database on the same server',
    value: (c) => c.databaseUrl,
  },
  {
    name: 'DATABASE_POOL_SIZE',
    // Every app and replica of the stack shares one machine's cores with Postgres: 5 connections each
    // (node-postgres's 10 cost Postgres a third more CPU per card decision).
    description:
      'connections each app process keeps at most: 5 (the apps default to 10; size it to the database’s cores over every process sharing it)',
    value: () => '5',
  },
  {
    name: 'REDIS_URL',
    description:
      'Redis (BullMQ and the services’ transport). Default: redis://127.0.0.1:6379 if reachable, else a redis-server started on 6380; tests start a private redis-server on a free port',
    value: (c) => c.redisUrl,
  },
  {
    name: 'QUEUE_PREFIX',
    description:
      'BullMQ (and rate-limit) key prefix: `kitty`; each test run has its own `kitty-test-<run id>`',
    value: (c) => c.queuePrefix,
  },
  {
    name: 'HTTP_PORT',
    description:
      'set per app from the registry (infra/dev-stack/apps.js); override one with KITTY_<APP>_PORT',
    value: () => undefined,
    perApp: true,
  },
  {
    name: 'JWT_ACCESS_SECRET',
    description: 'signs access tokens: 48 random bytes kept in .kitty/secrets.json (fresh for each test run)',
    value: (c) => c.jwtAccessSecret,
  },
  {
    name: 'EMAIL_LINK_SECRET',
    description:
      'signs the unsubscribe links of invitation and top-up request e-mails: 48 random bytes kept in .kitty/secrets.json (fresh for each test run)',
    value: (c) => c.emailLinkSecret,
    // A caller without one (a stand-in stack) leaves the app its development default.
    optional: true,
  },
  {
    name: 'OPS_PASSWORD',
    description:
      'operator login (user `ops`) of the gateway’s operator port OPS_HTTP_PORT (3001: /admin/queues, /metrics; never the public port): random, kept in .kitty/secrets.json (fresh for each test run)',
    value: (c) => c.opsPassword,
  },
  {
    name: 'PUBLIC_URL',
    description: 'the URL users open: http://localhost:<gateway port>',
    value: (c) => c.publicUrl,
  },
  {
    name: 'WEB_ORIGIN',
    description: 'origin allowed by CORS/CSRF: same as PUBLIC_URL',
    value: (_c, env) => env.PUBLIC_URL,
  },
  {
    name: 'WEB_DIST_DIR',
    description: 'absolute path of the built SPA the gateway serves (dist/apps/web)',
    value: (c) => c.webDistDir,
  },
  {
    name: 'TRUSTED_PROXIES',
    description:
      'proxies whose X-Forwarded-For is trusted: empty for npm start; 127.0.0.1 in tests, so suites can act as clients at other addresses (residency, per-IP limits)',
    value: (c) => (c.mode === 'test' ? '127.0.0.1' : ''),
  },
  {
    name: 'RESIDENCY_DEFAULT_COUNTRY',
    description: 'country for loopback/private IPs: GB',
    value: () => 'GB',
  },
  {
    name: 'SMTP_URL',
    description: 'smtp://127.0.0.1:<MailDev SMTP port, 1025>',
    value: (c) => `smtp://127.0.0.1:${c.smtpPort}`,
  },
  {
    name: 'MAILDEV_URL',
    description: 'http://127.0.0.1:<MailDev web port, 1080> (the inbox; its REST API is used by tests)',
    value: (c) => `http://127.0.0.1:${c.mailWebPort}`,
  },
  { name: 'SUPPORT_EMAIL', description: 'support@kitty.example', value: () => 'support@kitty.example' },
  { name: 'SUPPORT_PHONE', description: '+44 20 7946 0000', value: () => '+44 20 7946 0000' },
  {
    name: 'MAIL_FROM',
    description: 'Kitty <no-reply@kitty.example>',
    value: () => 'Kitty <no-reply@kitty.example>',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    description: `Stripe API key: \`${SANDBOX_STRIPE_KEY}\` for the local Stripe sandbox. Set your own (and leave STRIPE_API_URL unset) to use real Stripe; the sandbox is then not started`,
    value: (c) => whenSandbox(c, () => SANDBOX_STRIPE_KEY),
    optional: true,
  },
  {
    name: 'STRIPE_API_URL',
    description:
      'the Stripe API the payments service talks to: http://127.0.0.1:<sandbox port, 12111>; unset with a real STRIPE_SECRET_KEY (real Stripe)',
    value: (c) => whenSandbox(c, (port) => `http://127.0.0.1:${port}`),
    optional: true,
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    description:
      'verifies Stripe-Signature at POST /api/webhooks/stripe: `whsec_` + 32 random bytes in .kitty/secrets.json, shared with the sandbox (fresh for each test run); with real Stripe, your endpoint’s secret',
    value: (c) => c.stripeWebhookSecret,
  },
  {
    name: 'STRIPE_CONNECT_WEBHOOK_SECRET',
    description:
      'verifies Stripe-Signature at POST /api/webhooks/stripe/connect (connected accounts’ events): generated like STRIPE_WEBHOOK_SECRET, shared with the sandbox; with real Stripe, your Connect endpoint’s secret',
    value: (c) => c.stripeConnectWebhookSecret ?? c.stripeWebhookSecret,
  },
  {
    name: 'SANDBOX_WEBHOOK_SECRET',
    description: 'the sandbox signs its webhook deliveries with it: same as STRIPE_WEBHOOK_SECRET',
    value: (c, env) => whenSandbox(c, () => env.STRIPE_WEBHOOK_SECRET),
    optional: true,
  },
  {
    name: 'SANDBOX_WEBHOOK_URLS',
    description: 'where the sandbox delivers events: http://127.0.0.1:<gateway port>/api/webhooks/stripe',
    value: (c) => whenSandbox(c, () => `http://127.0.0.1:${c.gatewayPort}/api/webhooks/stripe`),
    optional: true,
  },
  {
    name: 'SANDBOX_CONNECT_WEBHOOK_SECRET',
    description:
      'the sandbox signs connected accounts’ events with it: same as STRIPE_CONNECT_WEBHOOK_SECRET',
    value: (c, env) => whenSandbox(c, () => env.STRIPE_CONNECT_WEBHOOK_SECRET),
    optional: true,
  },
  {
    name: 'SANDBOX_CONNECT_WEBHOOK_URLS',
    description:
      'where the sandbox delivers connected accounts’ events: http://127.0.0.1:<gateway port>/api/webhooks/stripe/connect',
    value: (c) => whenSandbox(c, () => `http://127.0.0.1:${c.gatewayPort}/api/webhooks/stripe/connect`),
    optional: true,
  },
  {
    name: 'SANDBOX_PUBLIC_URL',
    description:
      'base of the sandbox’s hosted pay page, opened by the browser: http://localhost:<sandbox port>',
    value: (c) => whenSandbox(c, (port) => `http://localhost:${port}`),
    optional: true,
  },
  {
    name: 'SANDBOX_DATA_DIR',
    description:
      'where the sandbox keeps its state across restarts: .kitty/stripe-sandbox (each test run: its own directory)',
    value: (c) => whenSandbox(c, () => c.stripeSandboxDataDir),
    optional: true,
  },
  {
    name: 'SANDBOX_TRAFFIC_FILE',
    description:
      'npm test only: the sandbox appends every API call and webhook delivery to <SANDBOX_DATA_DIR>/traffic.jsonl, which the Stripe conformance phase checks',
    value: (c) =>
      c.mode === 'test'
        ? whenSandbox(c, () => path.join(c.stripeSandboxDataDir, 'traffic.jsonl'))
        : undefined,
    optional: true,
  },
];

/** Variables read by the launcher itself (not passed on to the apps as such). */
const LAUNCHER_VARIABLES = [
  {
    name: 'KITTY_POSTGRES',
    description: '`embedded`: skip the local server on 5432 and use the embedded one',
  },
  {
    name: 'KITTY_POSTGRES_DIR',
    description: 'data directory of the embedded server (default .kitty/postgres)',
  },
  { name: 'KITTY_POSTGRES_PORT', description: 'port of the embedded server (default 5433)' },
  { name: 'KITTY_REDIS', description: '`spawn`: skip the local Redis on 6379 and start redis-server' },
  { name: 'KITTY_REDIS_PORT', description: 'port of the redis-server npm start starts (default 6380)' },
  {
    name: 'KITTY_<APP>_PORT',
    description:
      'HTTP_PORT of one app in development, e.g. KITTY_GATEWAY_PORT=8080, KITTY_STRIPE_SANDBOX_PORT=12112',
  },
  {
    name: 'KITTY_REPLICAS',
    description:
      'processes of every app (default 1 for npm start, 3 for npm test); the gateway’s sit behind a round-robin balancer on its port',
  },
  { name: 'KITTY_<APP>_REPLICAS', description: 'processes of one app, e.g. KITTY_POTS_REPLICAS=2' },
  {
    name: 'KITTY_<APP>_OPS_PORT',
    description: 'operator port of an app that has one in development (gateway: 3001; replica i: +10·(i−1))',
  },
  { name: 'KITTY_MAILDEV_SMTP_PORT', description: 'MailDev SMTP port in development (default 1025)' },
  { name: 'KITTY_MAILDEV_WEB_PORT', description: 'MailDev web inbox port in development (default 1080)' },
  {
    name: 'KITTY_HEALTH_TIMEOUT',
    description: 'seconds to wait for every app to be healthy (90 start, 120 test)',
  },
  {
    name: 'KITTY_NODE',
    description:
      '`shipped`: the apps run on the Node.js the images ship, fetched once (npm test’s default); `machine`: on this one (npm start’s)',
  },
  { name: 'KITTY_VERBOSE', description: '`1`: npm test also prints the apps’ output' },
  {
    name: 'KITTY_CLUSTER_SPECS',
    description:
      'which integration specs npm test’s Redis Cluster + PgBouncer phase runs (a path pattern; `integration/` for all; default: the nine that use Redis every way)',
  },
  { name: 'KITTY_APPS_FILE', description: 'another app registry (the launcher’s tests use stand-in apps)' },
  { name: 'CHROMIUM_PATH', description: 'browser for the e2e suites (default /usr/bin/chromium)' },
];

/**
 * The environment shared by every app (all variables but HTTP_PORT).
 * @param {Context} context
 * @param {NodeJS.ProcessEnv} [userEnv]
 * @returns {Record<string, string>}
 */
function sharedEnv(context, userEnv = process.env) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const variable of VARIABLES) {
    if (variable.perApp) continue;
    const userMayOverride = context.mode !== 'test' || variable.testOverride;
    const fromUser = userMayOverride ? userEnv[variable.name] : undefined;
    const value = fromUser ?? variable.value(context, env);
    if (value === undefined && variable.optional) continue;
    if (value === undefined) throw new Error(`No value for ${variable.name}.`);
    env[variable.name] = String(value);
  }
  return env;
}

/**
 * The full environment of one app process: the user's environment, the shared variables, its port.
 * @param {Record<string, string>} shared
 * @param {number} port
 * @param {NodeJS.ProcessEnv} [userEnv]
 * @returns {NodeJS.ProcessEnv}
 */
function appEnv(shared, port, userEnv = process.env) {
  return { ...userEnv, ...shared, HTTP_PORT: String(port) };
}

/** @param {string} root */
function defaultWebDistDir(root) {
  return path.join(root, 'dist', 'apps', 'web');
}

module.exports = {
  VARIABLES,
  LAUNCHER_VARIABLES,
  STRIPE_SANDBOX_APP,
  SANDBOX_STRIPE_KEY,
  usesStripeSandbox,
  sharedEnv,
  appEnv,
  defaultWebDistDir,
};
