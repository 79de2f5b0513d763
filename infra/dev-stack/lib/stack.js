// @ts-check
'use strict';
// The parts `npm start` and `npm test` share: running the repository's own tools, choosing ports,
// and starting MailDev plus every app of the registry with its environment, then waiting for health.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { allocatePorts } = require('./ports');
const { envKey } = require('./registry');
const { stripAnsi, forEachLine } = require('./output');
const { sharedEnv, appEnv, defaultWebDistDir, STRIPE_SANDBOX_APP } = require('./env');
const { HealthError, waitForHttp } = require('./supervisor');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const KITTY_DIR = path.join(ROOT, '.kitty');
const MIGRATE = path.join(ROOT, 'infra', 'db', 'migrate.js');
const GENERATE = path.join(ROOT, 'infra', 'db', 'generate.js');
/**
 * The script behind a package's command (`nx`, `jest`, `maildev`), run with this Node rather than
 * through node_modules/.bin, so no shell and no PATH lookup are involved.
 * @param {string} pkg
 * @param {string} [command]
 */
function binScript(pkg, command = pkg) {
  const dir = path.join(ROOT, 'node_modules', pkg);
  const { bin } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return path.join(dir, typeof bin === 'string' ? bin : bin[command]);
}

const MAILDEV_SMTP_PORT = 1025;
const MAILDEV_WEB_PORT = 1080;

/**
 * @typedef {{
 *   env?: NodeJS.ProcessEnv, tee?: boolean,
 *   track?: (child: import('node:child_process').ChildProcess | null) => void
 * }} RunOptions
 * @typedef {import('./registry').Registry} Registry
 * @typedef {import('./registry').App} App
 * @typedef {import('./supervisor').Supervisor} Supervisor
 * @typedef {import('./output').Say} Say
 * @typedef {'development' | 'test'} Mode
 */

/**
 * Runs a tool in the foreground. With `tee`, its output is also scanned for Jest's "Tests:" lines
 * (returned as `testLines`) on its way to the terminal. `track(child)` lets a signal handler stop it.
 * @param {string} command
 * @param {string[]} args
 * @param {RunOptions} [options]
 * @returns {Promise<{ code: number, signal?: NodeJS.Signals | null, error?: Error, testLines: string[] }>}
 */
function run(command, args, { env = process.env, tee = false, track = () => {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env,
      stdio: tee ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    });
    track(child);
    /** @type {string[]} */
    const testLines = [];
    if (tee && child.stdout && child.stderr) {
      const scan = (/** @type {NodeJS.WriteStream} */ target) => (/** @type {string} */ line) => {
        target.write(`${line}\n`);
        const plain = stripAnsi(line);
        if (/^\s*Tests:\s/.test(plain)) testLines.push(plain.trim());
      };
      forEachLine(child.stdout, scan(process.stdout));
      forEachLine(child.stderr, scan(process.stderr));
    }
    child.once('error', (error) => resolve({ code: 127, error, testLines }));
    child.once('close', (code, signal) => {
      track(null);
      resolve({ code: code ?? 128, signal, testLines });
    });
  });
}

/**
 * Sums Jest's "Tests: 1 failed, 2 skipped, 5 passed, 8 total" lines.
 * @param {string[]} lines
 */
function countTests(lines) {
  /** @type {Record<'passed' | 'failed' | 'skipped', number>} */
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const line of lines) {
    for (const [, n, kind] of line.matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
      counts[kind === 'todo' ? 'skipped' : /** @type {'passed' | 'failed' | 'skipped'} */ (kind)] +=
        Number(n);
    }
  }
  return counts;
}

/**
 * @param {string} what names the step in the error
 * @param {string} command
 * @param {string[]} args
 * @param {RunOptions} [options]
 */
async function runOrThrow(what, command, args, options) {
  const { code, error } = await run(command, args, options);
  if (code !== 0) throw new Error(`${what} failed${error ? `: ${error.message}` : ` (exit code ${code})`}.`);
}

/**
 * Nx without its daemon (nothing left running) and without Nx Cloud.
 * @param {NodeJS.ProcessEnv} [extra]
 */
function nxEnv(extra = {}) {
  return { ...process.env, NX_DAEMON: process.env.NX_DAEMON ?? 'false', NX_NO_CLOUD: 'true', ...extra };
}

/**
 * `node infra/db/migrate.js <command>`; returns false when the tool is not in the repository yet.
 * @param {'deploy' | 'check'} command
 * @param {string} databaseUrl
 * @param {RunOptions} [options]
 */
async function migrate(command, databaseUrl, options = {}) {
  if (!fs.existsSync(MIGRATE)) return false;
  await runOrThrow(`node infra/db/migrate.js ${command}`, process.execPath, [MIGRATE, command], {
    ...options,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return true;
}

/** @param {RunOptions} [options] */
async function generateClients(options = {}) {
  if (!fs.existsSync(GENERATE)) return false;
  await runOrThrow('node infra/db/generate.js', process.execPath, [GENERATE], options);
  return true;
}

/**
 * @param {string[]} projects
 * @param {RunOptions} [options]
 */
async function build(projects, options = {}) {
  if (projects.length === 0) return;
  await runOrThrow(
    'The build',
    process.execPath,
    [binScript('nx'), 'run-many', '-t', 'build', `--projects=${projects.join(',')}`],
    {
      ...options,
      env: nxEnv(),
    },
  );
}

/**
 * The ports of MailDev and every app. In development each has a default (the registry's, 1025, 1080),
 * KITTY_<APP>_PORT / KITTY_MAILDEV_SMTP_PORT / KITTY_MAILDEV_WEB_PORT choose another, and a busy default
 * is replaced by the next free port (with a note). Tests take free ports from the operating system.
 * @param {{ apps: { name: string, port: number }[] }} registry
 * @param {{ mode: Mode, userEnv?: NodeJS.ProcessEnv }} options
 */
async function choosePorts(registry, { mode, userEnv = process.env }) {
  /** @type {(key: string, label: string, port: number, variable: string) => import('./ports').Slot} */
  const slot = (key, label, port, variable) => {
    const explicit = mode !== 'test' && userEnv[variable] !== undefined;
    return { key, label, port: explicit ? Number(userEnv[variable]) : port, explicit };
  };
  const wanted = [
    ...registry.apps.map((app) => slot(app.name, app.name, app.port, `KITTY_${envKey(app.name)}_PORT`)),
    slot('smtp', 'MailDev SMTP', MAILDEV_SMTP_PORT, 'KITTY_MAILDEV_SMTP_PORT'),
    slot('mailWeb', 'MailDev web inbox', MAILDEV_WEB_PORT, 'KITTY_MAILDEV_WEB_PORT'),
  ];
  for (const s of wanted) {
    if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535)
      throw new Error(`Invalid port "${s.port}" for ${s.label}.`);
  }
  return allocatePorts(wanted, { ephemeral: mode === 'test' });
}

/**
 * MailDev (SMTP + web inbox) on 127.0.0.1, keeping its mails in `mailDir`.
 * @param {{ supervisor: Supervisor, ports: Record<string, number>, mailDir: string, timeoutMs: number }} options
 */
async function startMaildev({ supervisor, ports, mailDir, timeoutMs }) {
  fs.mkdirSync(mailDir, { recursive: true });
  const proc = supervisor.start('maildev', process.execPath, [
    binScript('maildev'),
    '--smtp',
    String(ports.smtp),
    '--web',
    String(ports.mailWeb),
    '--ip',
    '127.0.0.1',
    '--web-ip',
    '127.0.0.1',
    '--mail-directory',
    mailDir,
  ]);
  await waitForHttp(`http://127.0.0.1:${ports.mailWeb}/healthz`, { timeoutMs, proc });
  return proc;
}

/**
 * Starts every app of the registry at once and waits until each answers its health check.
 * @param {{ supervisor: Supervisor, registry: Registry, ports: Record<string, number>, env: (app: App) => NodeJS.ProcessEnv, timeoutMs: number }} options
 */
async function startApps({ supervisor, registry, ports, env, timeoutMs }) {
  const missing = registry.apps.filter((app) => !fs.existsSync(app.entry));
  if (missing.length) {
    throw new Error(
      `Not built: ${missing.map((app) => path.relative(ROOT, app.entry)).join(', ')}. ` +
        'Does the build produce them (see infra/dev-stack/apps.js)?',
    );
  }
  const started = registry.apps.map((app) => ({
    app,
    proc: supervisor.start(app.name, process.execPath, [app.entry, ...app.args], { env: env(app) }),
  }));
  await Promise.all(
    started.map(({ app, proc }) =>
      waitForHttp(`http://127.0.0.1:${ports[app.name]}${app.health}`, { timeoutMs, proc }),
    ),
  );
}

/**
 * Ports, environment, MailDev and every app: what `npm start` and `npm test` run the same way.
 * Resolves once every app is healthy; rejects with a HealthError naming the app that is not.
 * @param {{
 *   mode: Mode, registry: Registry, supervisor: Supervisor, say: Say, userEnv?: NodeJS.ProcessEnv,
 *   databaseUrl: string, redisUrl: string, jwtAccessSecret: string, opsPassword: string, queuePrefix: string,
 *   stripeWebhookSecret: string, mailDir: string, stripeSandboxDataDir: string,
 *   timeoutMs: number, withMaildev?: boolean
 * }} options
 */
async function startStack({
  mode,
  registry,
  supervisor,
  say,
  userEnv = process.env,
  withMaildev = true,
  ...rest
}) {
  const { ports, notes } = await choosePorts(registry, { mode, userEnv });
  notes.forEach((note) => say.warn(note));
  const gateway = publicApp(registry);
  const shared = sharedEnv(
    {
      mode,
      databaseUrl: rest.databaseUrl,
      redisUrl: rest.redisUrl,
      publicUrl: `http://localhost:${ports[gateway.name]}`,
      webDistDir: defaultWebDistDir(ROOT),
      smtpPort: ports.smtp,
      mailWebPort: ports.mailWeb,
      jwtAccessSecret: rest.jwtAccessSecret,
      opsPassword: rest.opsPassword,
      queuePrefix: rest.queuePrefix,
      gatewayPort: ports[gateway.name],
      stripeWebhookSecret: rest.stripeWebhookSecret,
      stripeSandboxPort: ports[STRIPE_SANDBOX_APP] ?? null,
      stripeSandboxDataDir: rest.stripeSandboxDataDir,
    },
    userEnv,
  );
  say.step(`Starting ${withMaildev ? 'MailDev and ' : ''}${registry.apps.map((a) => a.name).join(', ')}`);
  if (withMaildev)
    await startMaildev({ supervisor, ports, mailDir: rest.mailDir, timeoutMs: rest.timeoutMs });
  await startApps({
    supervisor,
    registry,
    ports,
    env: (app) => appEnv(shared, ports[app.name], userEnv),
    timeoutMs: rest.timeoutMs,
  });
  return { ports, env: shared, gatewayUrl: `http://127.0.0.1:${ports[gateway.name]}` };
}

/** @param {Registry} registry */
function publicApp(registry) {
  const app = registry.apps.find((a) => a.public);
  if (!app) throw new Error('The registry has no public app.');
  return app;
}

/**
 * The last lines of the log of the app a HealthError names, with a heading; '' for other errors.
 * @param {Supervisor} supervisor
 * @param {unknown} error
 * @param {number} [lines]
 */
function healthFailureLog(supervisor, error, lines = 40) {
  if (!(error instanceof HealthError) || !error.app) return '';
  const proc = supervisor.processes.find((p) => p.name === error.app);
  if (!proc) return '';
  return `── last lines of ${path.relative(ROOT, proc.logFile)} ──\n${supervisor.tail(proc, lines)}`;
}

/**
 * KITTY_HEALTH_TIMEOUT (seconds) or the fallback, in milliseconds.
 * @param {NodeJS.ProcessEnv} userEnv
 * @param {number} fallbackSeconds
 */
function healthTimeoutMs(userEnv, fallbackSeconds) {
  const seconds = Number(userEnv.KITTY_HEALTH_TIMEOUT ?? fallbackSeconds);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : fallbackSeconds) * 1000;
}

module.exports = {
  ROOT,
  KITTY_DIR,
  binScript,
  run,
  runOrThrow,
  countTests,
  nxEnv,
  migrate,
  generateClients,
  build,
  choosePorts,
  startStack,
  healthFailureLog,
  healthTimeoutMs,
};
