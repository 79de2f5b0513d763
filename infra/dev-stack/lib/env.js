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
 *   queuePrefix: string
 * }} Context
 * @typedef {{
 *   name: string, description: string, value: (context: Context, resolved: Record<string, string>) => string | undefined,
 *   testOverride?: boolean, perApp?: boolean
 * }} Variable
 */

/** @type {Variable[]} */
const VARIABLES = [
  {
    name: 'NODE_ENV',
    description: '`development` for npm start, `test` for npm test',
    value: (c) => (c.mode === 'test' ? 'test' : 'development'),
  },
  {
    name: 'LOG_LEVEL',
    description: 'pino level: `info` for npm start, `warn` for npm test',
    value: (c) => (c.mode === 'test' ? 'warn' : 'info'),
    testOverride: true,
  },
  {
    name: 'DATABASE_URL',
    description:
      'PostgreSQL database (each service uses its own schema). Default: postgresql://postgres@127.0.0.1:5432/kitty if reachable, else the embedded server on 5433; tests use a fresh `kitty_test_<random>` database on the same server',
    value: (c) => c.databaseUrl,
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
    name: 'OPS_PASSWORD',
    description:
      'operator login of the queue dashboard (/admin/queues, user `ops`): random, kept in .kitty/secrets.json (fresh for each test run)',
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
    description: 'HTTP_PORT of one app in development, e.g. KITTY_GATEWAY_PORT=8080',
  },
  { name: 'KITTY_MAILDEV_SMTP_PORT', description: 'MailDev SMTP port in development (default 1025)' },
  { name: 'KITTY_MAILDEV_WEB_PORT', description: 'MailDev web inbox port in development (default 1080)' },
  {
    name: 'KITTY_HEALTH_TIMEOUT',
    description: 'seconds to wait for every app to be healthy (90 start, 120 test)',
  },
  { name: 'KITTY_VERBOSE', description: '`1`: npm test also prints the apps’ output' },
  { name: 'KITTY_APPS_FILE', description: 'another app registry (the launcher’s tests use stand-in apps)' },
  { name: 'CHROMIUM_PATH', description: 'browser for the e2e suites (default /usr/bin/chromium)' },
];

/**
 * The environment shared by every app (all variables but HTTP_PORT).
 * context: { mode: 'development' | 'test', databaseUrl, redisUrl, publicUrl, webDistDir, smtpPort,
 *            mailWebPort, jwtAccessSecret, opsPassword }
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

module.exports = { VARIABLES, LAUNCHER_VARIABLES, sharedEnv, appEnv, defaultWebDistDir };
