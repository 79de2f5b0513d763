// @ts-check
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS: runs before anything is built */
/* global console, module, process, require */
'use strict';
// `npm start`: services, migrations, Prisma clients, build, MailDev and every app; Ctrl-C stops it all.
const path = require('node:path');
const { loadRegistry, buildProjects } = require('./registry');
const { sharedEnv, appEnv, defaultWebDistDir } = require('./env');
const { loadOrCreateSecrets } = require('./secrets');
const { findPostgres, ensureDatabase, redact } = require('./postgres');
const { findRedis } = require('./redis');
const { Supervisor, HealthError, signalGroup } = require('./supervisor');
const { StackState } = require('./state');
const { paint, say, formatDuration } = require('./output');
const stack = require('./stack');

const SIGNAL_ECHO_MS = 1500;

async function runDevelopment(argv, userEnv = process.env) {
  const startedAt = Date.now();
  const skipBuild = argv.includes('--no-build') || userEnv.KITTY_SKIP_BUILD === '1';
  const registry = loadRegistry(stack.ROOT);
  const state = new StackState(path.join(stack.KITTY_DIR, 'stack.json'));
  const leftovers = await state.claim();
  if (leftovers.length) say.warn(`Stopped processes left running by an earlier launcher: ${leftovers.join(', ')}.`);

  let ready = false;
  let shuttingDown = false;
  let foreground = null;
  const services = [];
  const supervisor = new Supervisor({
    logDir: path.join(stack.KITTY_DIR, 'logs'),
    echo: true,
    names: [...registry.apps.map((a) => a.name), 'maildev', 'postgres', 'redis'],
    onUnexpectedExit: (proc, code, signal) => {
      if (shuttingDown || !ready) return;
      say.fail(
        `${proc.name} stopped (${signal ?? `exit code ${code}`}); the rest keeps running. ` +
          `Log: ${path.relative(stack.ROOT, proc.logFile)}. Press Ctrl-C and run npm start again once fixed.`,
      );
    },
  });

  let firstSignalAt = 0;
  const shutdown = async (exitCode) => {
    if (shuttingDown) {
      // One Ctrl-C reaches us twice (from the terminal and forwarded by npm): only a later one forces.
      if (Date.now() - firstSignalAt < SIGNAL_ECHO_MS) return;
      say.warn('Stopping immediately.');
      supervisor.processes.forEach((p) => p.exitInfo || signalGroup(p.pid, 'SIGKILL'));
      process.exit(exitCode || 130);
    }
    shuttingDown = true;
    firstSignalAt = Date.now();
    say.step('Stopping Kitty… (Ctrl-C again to kill at once)');
    foreground?.kill('SIGTERM');
    const infrastructure = new Set(services.map((s) => s.proc).filter(Boolean));
    await Promise.all(supervisor.processes.filter((p) => !infrastructure.has(p)).map((p) => supervisor.stop(p)));
    for (const service of services.reverse()) await service.stop();
    state.release();
    say.ok('Stopped.');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  const track = (child) => {
    foreground = child;
  };

  try {
    say.step('Finding PostgreSQL and Redis');
    const postgres = await findPostgres({ root: stack.ROOT, userEnv, supervisor, say });
    services.push(postgres);
    say.info(`PostgreSQL: ${postgres.source}`);
    const redis = await findRedis({ root: stack.ROOT, userEnv, supervisor, say });
    services.push(redis);
    say.info(`Redis: ${redis.source}`);
    state.update(supervisor.processes);

    await ensureDatabase(postgres.url);
    say.step(`Migrating ${redact(postgres.url)}`);
    if (!(await stack.migrate('deploy', postgres.url, { track }))) say.warn('infra/db/migrate.js not found: no migrations applied.');
    say.step('Generating Prisma clients');
    if (!(await stack.generateClients({ track }))) say.warn('infra/db/generate.js not found: skipped.');
    const projects = buildProjects(registry);
    if (skipBuild) say.warn('Skipping the build (--no-build).');
    else if (projects.length) {
      say.step(`Building ${projects.join(', ')}`);
      await stack.build(projects, { track });
    }

    const { ports, notes } = await stack.choosePorts(registry, { mode: 'development', userEnv });
    notes.forEach((note) => say.warn(note));
    const gateway = registry.apps.find((a) => a.public);
    const shared = sharedEnv(
      {
        mode: 'development',
        databaseUrl: postgres.url,
        redisUrl: redis.url,
        publicUrl: `http://localhost:${ports[gateway.name]}`,
        webDistDir: defaultWebDistDir(stack.ROOT),
        smtpPort: ports.smtp,
        mailWebPort: ports.mailWeb,
        jwtAccessSecret: loadOrCreateSecrets(path.join(stack.KITTY_DIR, 'secrets.json')).jwtAccessSecret,
      },
      userEnv,
    );

    const timeoutMs = stack.healthTimeoutMs(userEnv, 90);
    // With your own SMTP_URL, mail goes there and no MailDev is started.
    const withMaildev = userEnv.SMTP_URL === undefined;
    say.step(`Starting ${withMaildev ? 'MailDev and ' : ''}${registry.apps.map((a) => a.name).join(', ')}`);
    if (withMaildev) {
      await stack.startMaildev({ supervisor, ports, mailDir: path.join(stack.KITTY_DIR, 'maildev'), timeoutMs });
    }
    const apps = stack.startApps({ supervisor, registry, ports, env: (app) => appEnv(shared, ports[app.name], userEnv), timeoutMs });
    state.update(supervisor.processes, { publicUrl: shared.PUBLIC_URL });
    await apps;
    ready = true;
    state.update(supervisor.processes, { publicUrl: shared.PUBLIC_URL });

    const inbox = withMaildev ? `  (mail inbox: http://localhost:${ports.mailWeb})` : '';
    console.log(`\n${paint('bold', paint('green', `Kitty is running at ${shared.PUBLIC_URL}`))}${inbox}`);
    console.log(paint('grey', `Ready in ${formatDuration(Date.now() - startedAt)}. Logs in .kitty/logs/. Press Ctrl-C to stop.\n`));
  } catch (caught) {
    if (shuttingDown) return;
    const error = /** @type {Error} */ (caught);
    say.fail(error.message);
    if (error instanceof HealthError && error.app) {
      const proc = supervisor.processes.find((p) => p.name === error.app);
      if (proc) {
        console.error(paint('grey', `── last lines of ${path.relative(stack.ROOT, proc.logFile)} ──`));
        console.error(supervisor.tail(proc, 40));
      }
    }
    await shutdown(1);
  }
}

module.exports = { runDevelopment };
