// @ts-check
'use strict';
// `npm start`: services, migrations, build (which generates the Prisma clients it needs, cached by Nx), MailDev
// and every app; Ctrl-C stops it all.
const path = require('node:path');
const { loadRegistry, appsForRun, buildProjects, replicaCounts } = require('./registry');
const { loadOrCreateSecrets } = require('./secrets');
const { findPostgres, ensureDatabase, redact } = require('./postgres');
const { findRedis } = require('./redis');
const { Supervisor, signalGroup } = require('./supervisor');
const { StackState } = require('./state');
const { paint, say, formatDuration } = require('./output');
const stack = require('./stack');

// One Ctrl-C reaches the launcher twice (from the terminal, and forwarded by npm): only a later one forces.
const SIGNAL_ECHO_MS = 1500;

/**
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} [userEnv]
 * @param {{ startedAt: number, installMs: number }} [install] when and how long `npm ci` ran before this
 */
async function runDevelopment(
  argv,
  userEnv = process.env,
  install = { startedAt: Date.now(), installMs: 0 },
) {
  const { startedAt } = install;
  const took = new StepTimes();
  took.add('install', install.installMs);
  const skipBuild = argv.includes('--no-build');
  const registry = appsForRun(loadRegistry(stack.ROOT), { mode: 'development', userEnv });
  const replicas = replicaCounts(registry, { mode: 'development', userEnv });
  const state = new StackState(path.join(stack.KITTY_DIR, 'stack.json'));
  const leftovers = await state.claim();
  if (leftovers.length)
    say.warn(`Stopped processes left running by an earlier launcher: ${leftovers.join(', ')}.`);

  let ready = false;
  let shuttingDown = false;
  let firstSignalAt = 0;
  /** @type {import('node:child_process').ChildProcess | null} */
  let foreground = null;
  /** @type {import('./supervisor').Service[]} */
  const services = [];
  /** @type {(() => Promise<void>) | null} closes the gateway's load balancer, if any */
  let stopStack = null;
  const supervisor = new Supervisor({
    logDir: path.join(stack.KITTY_DIR, 'logs'),
    echo: true,
    names: [...stack.processNames(registry, replicas), 'maildev', 'postgres', 'redis'],
    onStart: () => state.update(supervisor.processes),
    onUnexpectedExit: (proc, code, signal) => {
      if (shuttingDown || !ready) return;
      say.fail(
        `${proc.name} stopped (${signal ?? `exit code ${code}`}); the rest keeps running. ` +
          `Log: ${path.relative(stack.ROOT, proc.logFile)}. Press Ctrl-C and run npm start again once fixed.`,
      );
    },
  });

  /** Apps and MailDev first (all at once), then Redis, then PostgreSQL. @param {number} exitCode */
  const shutdown = async (exitCode) => {
    if (shuttingDown) {
      if (Date.now() - firstSignalAt < SIGNAL_ECHO_MS) return;
      say.warn('Stopping immediately.');
      supervisor.processes.forEach((p) => p.exitInfo || signalGroup(p.pid, 'SIGKILL'));
      process.exit(exitCode || 130);
    }
    shuttingDown = true;
    firstSignalAt = Date.now();
    say.step('Stopping Kitty… (Ctrl-C again to kill at once)');
    foreground?.kill('SIGTERM');
    await stopStack?.();
    const infrastructure = new Set(services.map((s) => s.proc));
    await Promise.all(
      supervisor.processes.filter((p) => !infrastructure.has(p)).map((p) => supervisor.stop(p)),
    );
    for (const service of [...services].reverse()) await service.stop();
    state.release();
    say.ok('Stopped.');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  /** @param {import('node:child_process').ChildProcess | null} child */
  const track = (child) => {
    foreground = child;
  };

  try {
    say.step('Finding PostgreSQL and Redis');
    const postgres = await took.time('PostgreSQL', () =>
      findPostgres({ root: stack.ROOT, userEnv, supervisor, say }),
    );
    services.push(postgres);
    say.info(`PostgreSQL: ${postgres.source}`);
    const redis = await took.time('Redis', () => findRedis({ root: stack.ROOT, userEnv, supervisor, say }));
    services.push(redis);
    say.info(`Redis: ${redis.source}`);

    say.step(`Migrating ${redact(postgres.url)}`);
    await took.time('migrations', async () => {
      await ensureDatabase(postgres.url);
      if (!(await stack.migrate('deploy', postgres.url, { track })))
        say.warn('infra/db/migrate.js not found: no migrations applied.');
    });
    const projects = buildProjects(registry);
    if (skipBuild) say.warn('Skipping the build (--no-build).');
    else if (projects.length) {
      say.step(`Building ${projects.join(', ')}`);
      await took.time('build', () => stack.build(projects, { track }));
    }
    const bootStarted = Date.now();

    // With your own SMTP_URL, mail goes there and no MailDev is started.
    const withMaildev = userEnv.SMTP_URL === undefined;
    const started = await stack.startStack({
      mode: 'development',
      registry,
      replicas,
      supervisor,
      say,
      userEnv,
      withMaildev,
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      ...loadOrCreateSecrets(path.join(stack.KITTY_DIR, 'secrets.json')),
      queuePrefix: 'kitty',
      mailDir: path.join(stack.KITTY_DIR, 'maildev'),
      stripeSandboxDataDir: path.join(stack.KITTY_DIR, 'stripe-sandbox'),
      timeoutMs: stack.healthTimeoutMs(userEnv, 90),
    });
    took.add('boot', Date.now() - bootStarted);
    const { ports, env } = started;
    stopStack = started.stop;
    ready = true;
    state.update(supervisor.processes, { publicUrl: env.PUBLIC_URL, appNode: started.node });

    const inbox = withMaildev ? `  (mail inbox: http://localhost:${ports.mailWeb})` : '';
    console.log(`\n${paint('bold', paint('green', `Kitty is running at ${env.PUBLIC_URL}`))}${inbox}`);
    const dashboard = operatorDashboardUrl(started.replicas);
    if (dashboard)
      console.log(
        `Operator dashboard: ${dashboard}  (user ops, password: opsPassword in .kitty/secrets.json)`,
      );
    const scaled = started.replicas.filter((r) => replicas[r.app.name] > 1);
    if (scaled.length)
      console.log(
        paint(
          'grey',
          `Replicas: ${scaled.map((r) => `${r.name} :${r.port}`).join(', ')}` +
            (started.balancer
              ? `; the gateway's behind a round-robin balancer on :${started.balancer.port}`
              : ''),
        ),
      );
    console.log(
      paint(
        'grey',
        `Ready in ${formatDuration(Date.now() - startedAt)} (${took.summary()}). Logs in .kitty/logs/. ` +
          'Press Ctrl-C to stop.\n',
      ),
    );
  } catch (error) {
    if (shuttingDown) return;
    say.fail(/** @type {Error} */ (error).message);
    const log = stack.healthFailureLog(supervisor, error);
    if (log) console.error(log);
    await shutdown(1);
  }
}

/** How long each step of a start took, for the line that says the stack is ready. */
class StepTimes {
  constructor() {
    /** @type {[string, number][]} */
    this.steps = [];
  }

  /** @param {string} name @param {number} ms */
  add(name, ms) {
    this.steps.push([name, ms]);
  }

  /**
   * @template T
   * @param {string} name
   * @param {() => Promise<T>} step
   * @returns {Promise<T>}
   */
  async time(name, step) {
    const started = Date.now();
    try {
      return await step();
    } finally {
      this.add(name, Date.now() - started);
    }
  }

  summary() {
    return this.steps.map(([name, ms]) => `${name} ${formatDuration(ms)}`).join(', ');
  }
}

/**
 * The queue dashboard on the first replica of the app with an operator port (the gateway): it is served
 * on that port only, never on the public one, so the app URL alone does not lead there.
 * @param {{ app: { public: boolean }, opsPort: number | null }[]} replicas
 * @returns {string | null}
 */
function operatorDashboardUrl(replicas) {
  const first = replicas.find((r) => r.app.public && r.opsPort !== null);
  return first ? `http://localhost:${first.opsPort}/admin/queues` : null;
}

module.exports = { runDevelopment, operatorDashboardUrl };
