// @ts-check
'use strict';
// The parts `npm start` and `npm test` share: running the repository's own tools, choosing ports,
// and starting MailDev plus every app of the registry with its environment, then waiting for health.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { allocatePorts } = require('./ports');
const { envKey, replicaCounts } = require('./registry');
const { startBalancer } = require('./balancer');
const { stripAnsi, forEachLine } = require('./output');
const { sharedEnv, appEnv, defaultWebDistDir, STRIPE_SANDBOX_APP } = require('./env');
const { HealthError, waitForHttp } = require('./supervisor');
const { appNode } = require('./app-node');

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
 * The name of replica `index` (1-based) of an app that runs `count` processes: the app's own name when
 * it runs once (logs and prefixes as before), else `<app>-<index>`. Its port is `ports[<that name>]`.
 * @param {string} app
 * @param {number} index
 * @param {number} count
 */
function replicaName(app, index, count) {
  return count === 1 ? app : `${app}-${index}`;
}

/**
 * Every process name the apps of this run will have (for aligned terminal prefixes).
 * @param {Registry} registry
 * @param {Record<string, number>} replicas
 */
function processNames(registry, replicas) {
  return registry.apps.flatMap((app) => {
    const count = replicas[app.name] ?? 1;
    return Array.from({ length: count }, (_, i) => replicaName(app.name, i + 1, count));
  });
}

/** Replica ports above an app's own: replica i of an app on P takes P + 100·(i−1), clear of its neighbours. */
const REPLICA_PORT_STEP = 100;
/** An app's second port (the gateway's operator surface, OPS_HTTP_PORT): replica i takes O + 10·(i−1). */
const OPS_PORT_STEP = 10;

/**
 * The key of a replica's operator port in `ports` (apps with `opsPort` in the registry).
 * @param {string} replica
 */
const opsKey = (replica) => `${replica}:ops`;

/**
 * The ports of MailDev and every replica of every app. In development each has a default (the registry's,
 * 1025, 1080), KITTY_<APP>_PORT / KITTY_MAILDEV_SMTP_PORT / KITTY_MAILDEV_WEB_PORT choose another, and a
 * busy default is replaced by the next free port (with a note). Tests take free ports from the operating
 * system. `ports[app]` is the app's address: its only process, its first replica, or for the public app
 * with several replicas the load balancer in front of them (whose replicas then sit at P + 100·i). An app
 * with an `opsPort` gets one more port per replica, `ports['<replica>:ops']` (KITTY_<APP>_OPS_PORT).
 * @param {{ apps: { name: string, port: number, public?: boolean, opsPort?: number | null }[] }} registry
 * @param {{ mode: Mode, userEnv?: NodeJS.ProcessEnv, replicas?: Record<string, number> }} options
 */
async function choosePorts(registry, { mode, userEnv = process.env, replicas = {} }) {
  /** @type {(key: string, label: string, port: number, variable: string | null) => import('./ports').Slot} */
  const slot = (key, label, port, variable) => {
    const explicit = mode !== 'test' && variable !== null && userEnv[variable] !== undefined;
    return { key, label, port: explicit ? Number(userEnv[variable ?? '']) : port, explicit };
  };
  /** @type {import('./ports').Slot[]} */
  const wanted = [];
  /** @type {[string, string][]} app → its first replica, when that is its address */
  const aliases = [];
  for (const app of registry.apps) {
    const count = replicas[app.name] ?? 1;
    const variable = `KITTY_${envKey(app.name)}_PORT`;
    if (app.opsPort) {
      const ops = slot(app.name, app.name, app.opsPort, `KITTY_${envKey(app.name)}_OPS_PORT`);
      for (let i = 1; i <= count; i += 1) {
        const name = replicaName(app.name, i, count);
        const port = ops.port + OPS_PORT_STEP * (i - 1);
        wanted.push({
          key: opsKey(name),
          label: `${name} operator port`,
          port,
          explicit: ops.explicit && i === 1,
        });
      }
    }
    if (count === 1) {
      wanted.push(slot(app.name, app.name, app.port, variable));
      continue;
    }
    const base = slot(app.name, app.name, app.port, variable);
    // The public app's own port belongs to its balancer; its replicas start one step above it.
    const first = app.public ? 1 : 0;
    if (app.public) wanted.push({ ...base, label: `${app.name} (load balancer)` });
    else aliases.push([app.name, replicaName(app.name, 1, count)]);
    for (let i = 1; i <= count; i += 1) {
      const name = replicaName(app.name, i, count);
      const port = base.port + REPLICA_PORT_STEP * (i - 1 + first);
      wanted.push({ key: name, label: name, port, explicit: base.explicit && !app.public && i === 1 });
    }
  }
  wanted.push(
    slot('smtp', 'MailDev SMTP', MAILDEV_SMTP_PORT, 'KITTY_MAILDEV_SMTP_PORT'),
    slot('mailWeb', 'MailDev web inbox', MAILDEV_WEB_PORT, 'KITTY_MAILDEV_WEB_PORT'),
  );
  for (const s of wanted) {
    if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535)
      throw new Error(`Invalid port "${s.port}" for ${s.label}.`);
  }
  const allocated = await allocatePorts(wanted, { ephemeral: mode === 'test' });
  for (const [app, first] of aliases) allocated.ports[app] = allocated.ports[first];
  return allocated;
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
 * One process of an app: which app, its name (log file, prefix), its ports, its environment (a restart
 * reuses it) and the supervised process (replaced when the replica is restarted).
 * @typedef {{
 *   app: App, name: string, index: number, port: number, opsPort: number | null, env: NodeJS.ProcessEnv,
 *   node: string, proc: import('./supervisor').Proc
 * }} Replica
 */

/**
 * Starts every replica of every app of the registry at once, each with the `node` binary given (lib/app-node.js),
 * and waits until each answers its health check.
 * @param {{
 *   supervisor: Supervisor, registry: Registry, ports: Record<string, number>,
 *   replicas: Record<string, number>, timeoutMs: number, node: string,
 *   env: (app: App, port: number, opsPort: number | null) => NodeJS.ProcessEnv
 * }} options
 * @returns {Promise<Replica[]>}
 */
async function startApps({ supervisor, registry, ports, replicas, env, timeoutMs, node }) {
  const missing = registry.apps.filter((app) => !fs.existsSync(app.entry));
  if (missing.length) {
    throw new Error(
      `Not built: ${missing.map((app) => path.relative(ROOT, app.entry)).join(', ')}. ` +
        'Does the build produce them (see infra/dev-stack/apps.js)?',
    );
  }
  /** @type {Replica[]} */
  const started = registry.apps.flatMap((app) => {
    const count = replicas[app.name] ?? 1;
    return Array.from({ length: count }, (_, i) => {
      const name = replicaName(app.name, i + 1, count);
      const port = ports[name];
      const opsPort = ports[opsKey(name)] ?? null;
      const replicaEnv = env(app, port, opsPort);
      const proc = supervisor.start(name, node, [app.entry, ...app.args], { env: replicaEnv });
      return { app, name, index: i + 1, port, opsPort, env: replicaEnv, node, proc };
    });
  });
  await Promise.all(started.map((replica) => waitForReplica(replica, timeoutMs)));
  return started;
}

/**
 * @param {Replica} replica
 * @param {number} timeoutMs
 */
function waitForReplica({ app, port, proc }, timeoutMs) {
  return waitForHttp(`http://127.0.0.1:${port}${app.health}`, { timeoutMs, proc });
}

/**
 * Starts a replica again on its ports with its environment (after it was killed or crashed) and waits
 * until it is healthy. The new process is named `<replica>.<generation>` so the dead one's log is kept.
 * @param {{ supervisor: Supervisor, replica: Replica, generation: number, timeoutMs: number, env?: NodeJS.ProcessEnv }} options
 */
async function restartReplica({ supervisor, replica, generation, timeoutMs, env = replica.env }) {
  const { app } = replica;
  replica.proc = supervisor.start(`${replica.name}.${generation}`, replica.node, [app.entry, ...app.args], {
    env,
  });
  await waitForReplica(replica, timeoutMs);
  return replica;
}

/**
 * What test processes get in KITTY_STACK_REPLICAS: every app's replicas with their process id and HTTP
 * port (and operator port, for the gateway), so a suite can SIGKILL one replica or read its /metrics.
 * @param {Replica[]} replicas
 * @returns {Record<string, { name: string, pid: number, port: number, opsPort?: number }[]>}
 */
function describeReplicas(replicas) {
  /** @type {Record<string, { name: string, pid: number, port: number, opsPort?: number }[]>} */
  const byApp = {};
  for (const { app, name, proc, port, opsPort } of replicas) {
    (byApp[app.name] ??= []).push({ name, pid: proc.pid, port, ...(opsPort !== null && { opsPort }) });
  }
  return byApp;
}

/**
 * Ports, environment, MailDev and every app: what `npm start` and `npm test` run the same way.
 * Every app runs `replicas[app]` processes (default: replicaCounts, from KITTY_REPLICAS); with several
 * gateway replicas a round-robin balancer (lib/balancer.js, in this process) holds the public port.
 * Resolves once every replica (and the balancer) is healthy; rejects with a HealthError naming the
 * replica that is not. `stop()` of the result closes the balancer (the supervisor stops the processes).
 * @param {{
 *   mode: Mode, registry: Registry, supervisor: Supervisor, say: Say, userEnv?: NodeJS.ProcessEnv,
 *   databaseUrl: string, redisUrl: string, jwtAccessSecret: string, opsPassword: string, emailLinkSecret?: string, queuePrefix: string,
 *   stripeWebhookSecret: string, stripeConnectWebhookSecret?: string, mailDir: string, stripeSandboxDataDir: string,
 *   timeoutMs: number, withMaildev?: boolean, replicas?: Record<string, number>,
 *   pooler?: { urlFor: (app: string) => string } | null
 * }} options
 */
async function startStack({
  mode,
  registry,
  supervisor,
  say,
  userEnv = process.env,
  withMaildev = true,
  replicas = replicaCounts(registry, { mode, userEnv }),
  ...rest
}) {
  const { ports, notes } = await choosePorts(registry, { mode, userEnv, replicas });
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
      emailLinkSecret: rest.emailLinkSecret,
      queuePrefix: rest.queuePrefix,
      gatewayPort: ports[gateway.name],
      stripeWebhookSecret: rest.stripeWebhookSecret,
      stripeConnectWebhookSecret: rest.stripeConnectWebhookSecret,
      stripeSandboxPort: ports[STRIPE_SANDBOX_APP] ?? null,
      stripeSandboxDataDir: rest.stripeSandboxDataDir,
    },
    userEnv,
  );
  const names = registry.apps.map((a) => (replicas[a.name] > 1 ? `${a.name} ×${replicas[a.name]}` : a.name));
  const node = appNode(userEnv, say.warn);
  say.step(`Starting ${withMaildev ? 'MailDev and ' : ''}${names.join(', ')} on ${node.label}`);
  if (withMaildev)
    await startMaildev({ supervisor, ports, mailDir: rest.mailDir, timeoutMs: rest.timeoutMs });
  const started = await startApps({
    supervisor,
    registry,
    ports,
    replicas,
    // Each replica its own ports; an operator port (the gateway's) goes in OPS_HTTP_PORT.
    env: (app, port, opsPort) => ({
      ...appEnv(shared, port, userEnv),
      ...(opsPort !== null && { OPS_HTTP_PORT: String(opsPort) }),
      // Behind PgBouncer each app has a database entry of its own (lib/pgbouncer.js).
      ...(rest.pooler ? { DATABASE_URL: rest.pooler.urlFor(app.name), DATABASE_POOLER: 'transaction' } : {}),
    }),
    timeoutMs: rest.timeoutMs,
    node: node.binary,
  });
  const gatewayUrl = `http://127.0.0.1:${ports[gateway.name]}`;
  /** @type {import('./balancer').Balancer | null} */
  let balancer = null;
  if ((replicas[gateway.name] ?? 1) > 1) {
    const backends = started.filter((r) => r.app === gateway).map(({ port }) => ({ port }));
    balancer = await startBalancer({ port: ports[gateway.name], backends });
    await waitForHttp(`${gatewayUrl}${gateway.health}`, { timeoutMs: rest.timeoutMs });
  }
  return {
    ports,
    env: shared,
    gatewayUrl,
    replicas: started,
    node: node.binary,
    balancer,
    stop: async () => {
      await balancer?.close();
    },
  };
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
  replicaName,
  processNames,
  startStack,
  restartReplica,
  describeReplicas,
  healthFailureLog,
  healthTimeoutMs,
};
