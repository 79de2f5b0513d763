// @ts-check
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS: runs before anything is built */
/* global console, module, process, require, setTimeout, URL */
'use strict';
// `npm test`: a fresh database, the migration check, lint + typecheck + unit tests + build for every
// project, then the whole stack on free ports (private Redis and MailDev) for the integration and browser
// suites. Everything is torn down at the end, whatever failed; the summary times each phase.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { loadRegistry, buildProjects } = require('./registry');
const { sharedEnv, appEnv, defaultWebDistDir } = require('./env');
const { freshSecrets } = require('./secrets');
const { findPostgres, ensureDatabase, dropDatabase, withDatabase, redact } = require('./postgres');
const { privateRedis } = require('./redis');
const { Supervisor, HealthError } = require('./supervisor');
const { paint, say, formatDuration, tail } = require('./output');
const stack = require('./stack');

const USAGE = `npm test [-- options]
  --quick        services, database, migration check, lint/typecheck/unit tests/build; no running stack
  --stack-only   skip lint/typecheck/unit tests: build the registry's apps, start them, run integration + e2e
  --verbose      also print the apps' output (always written to .kitty/test-runs/<id>/logs)`;

class Phases {
  /** interrupted(): true once the run was interrupted; later phases are then skipped. */
  constructor(interrupted = () => false) {
    this.list = [];
    this.interrupted = interrupted;
  }

  /** Runs `fn` as a named phase, recording duration and outcome; never throws. */
  async run(name, fn, { always = false } = {}) {
    if (this.interrupted() && !always) {
      this.skip(name, 'interrupted');
      return false;
    }
    const phase = { name, status: 'running', ms: 0, note: '' };
    this.list.push(phase);
    console.log(`\n${paint('bold', `━━ ${name}`)}`);
    const started = Date.now();
    try {
      const note = await fn();
      phase.status = note === 'skipped' ? 'skipped' : 'passed';
      if (typeof note === 'string' && note !== 'skipped') phase.note = note;
    } catch (error) {
      phase.status = 'failed';
      phase.note = error.message.split('\n')[0];
      say.fail(`${name}: ${error.message}`);
    }
    phase.ms = Date.now() - started;
    return phase.status !== 'failed';
  }

  skip(name, why) {
    this.list.push({ name, status: 'skipped', ms: 0, note: why });
  }

  get failed() {
    return this.list.some((p) => p.status === 'failed');
  }

  print(totalMs) {
    const width = Math.max(...this.list.map((p) => p.name.length));
    const mark = { passed: paint('green', 'ok     '), failed: paint('red', 'FAILED '), skipped: paint('grey', 'skipped') };
    console.log(`\n${paint('bold', 'Summary')}`);
    for (const p of this.list) {
      const time = p.status === 'skipped' ? '' : formatDuration(p.ms);
      console.log(`  ${mark[p.status] ?? p.status}  ${p.name.padEnd(width)}  ${time.padStart(9)}${p.note ? `  ${paint('grey', p.note)}` : ''}`);
    }
    console.log(`  ${' '.repeat(7)}  ${'total'.padEnd(width)}  ${formatDuration(totalMs).padStart(9)}`);
  }
}

async function runTests(argv, userEnv = process.env) {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const quick = argv.includes('--quick');
  const stackOnly = argv.includes('--stack-only');
  const startedAt = Date.now();
  const runId = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  const runDir = path.join(stack.KITTY_DIR, 'test-runs', runId);
  const registry = loadRegistry(stack.ROOT);
  const supervisor = new Supervisor({
    logDir: path.join(runDir, 'logs'),
    echo: argv.includes('--verbose') || userEnv.KITTY_VERBOSE === '1',
    names: [...registry.apps.map((a) => a.name), 'maildev', 'postgres', 'redis'],
  });
  let interrupted = false;
  const phases = new Phases(() => interrupted);
  const testLines = [];
  const services = [];
  let foreground = null;
  const track = (child) => {
    foreground = child;
  };
  let testDbUrl = null;

  const cleanup = async () => {
    const infrastructure = new Set(services.map((s) => s.proc).filter(Boolean));
    await Promise.all(supervisor.processes.filter((p) => !infrastructure.has(p)).map((p) => supervisor.stop(p)));
    const errors = [];
    const redis = services.find((s) => s.kind === 'redis');
    if (redis) await redis.stop().catch((e) => errors.push(e));
    if (testDbUrl) await dropDatabase(testDbUrl).catch((e) => errors.push(new Error(`could not drop the test database: ${e.message}`)));
    const postgres = services.find((s) => s.kind === 'postgres');
    if (postgres) await postgres.stop().catch((e) => errors.push(e));
    if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
    return testDbUrl ? `dropped ${new URL(testDbUrl).pathname.slice(1)}` : '';
  };
  let cleaning = null;
  const cleanupOnce = () => (cleaning ??= cleanup());
  let interruptedAt = 0;
  const onSignal = async () => {
    // One Ctrl-C reaches us twice (from the terminal and forwarded by npm): only a later one forces.
    if (interrupted) {
      if (Date.now() - interruptedAt > 1500) process.exit(130);
      return;
    }
    interrupted = true;
    interruptedAt = Date.now();
    say.warn('Interrupted: cleaning up…');
    foreground?.kill('SIGTERM');
    await cleanupOnce().catch(() => {});
    // The main flow notices the stopped processes, prints the summary and exits; this is the fallback.
    setTimeout(() => process.exit(130), 5000).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let postgres;
  let redis;
  const servicesOk = await phases.run('services (PostgreSQL, Redis)', async () => {
    postgres = await findPostgres({ root: stack.ROOT, userEnv, supervisor, say });
    services.push({ ...postgres, kind: 'postgres' });
    say.info(`PostgreSQL: ${postgres.source}`);
    redis = await privateRedis({ root: stack.ROOT, userEnv, supervisor, dataDir: path.join(runDir, 'redis'), say });
    services.push({ ...redis, kind: 'redis' });
    say.info(`Redis: ${redis.source}`);
  });

  const databaseOk =
    servicesOk &&
    (await phases.run('test database + migrations', async () => {
      testDbUrl = withDatabase(postgres.url, `kitty_test_${runId}`);
      await ensureDatabase(testDbUrl);
      say.info(`Database: ${redact(testDbUrl)}`);
      if (!(await stack.migrate('deploy', testDbUrl, { track }))) return 'infra/db/migrate.js not found: nothing applied';
      return '';
    }));

  if (databaseOk) {
    await phases.run('migration check', async () => {
      if (!(await stack.migrate('check', testDbUrl, { track }))) return 'skipped';
      return '';
    });
  } else phases.skip('migration check', 'no test database');

  const unitEnv = stack.nxEnv({ DATABASE_URL: testDbUrl ?? '', REDIS_URL: redis?.url ?? '' });
  let builtOk;
  if (stackOnly) {
    builtOk = await phases.run('build', async () => {
      await stack.generateClients({ track });
      await stack.build(buildProjects(registry), { track });
    });
  } else {
    builtOk = await phases.run('lint, typecheck, unit tests, build', async () => {
      await stack.generateClients({ track });
      const result = await stack.run(process.execPath, [stack.NX, 'run-many', '-t', 'lint', 'typecheck', 'test', 'build'], {
        env: unitEnv,
        tee: true,
        track,
      });
      testLines.push(...result.testLines);
      if (result.code !== 0) throw new Error(`nx run-many -t lint typecheck test build failed (exit code ${result.code})`);
    });
  }

  const stackNames = ['stack start', 'integration tests', 'browser tests'];
  if (quick) stackNames.forEach((n) => phases.skip(n, '--quick'));
  else if (!builtOk || !databaseOk) stackNames.forEach((n) => phases.skip(n, 'an earlier phase failed'));
  else {
    let ports;
    let shared;
    const started = await phases.run('stack start', async () => {
      ({ ports } = await stack.choosePorts(registry, { mode: 'test', userEnv }));
      const gateway = registry.apps.find((a) => a.public);
      shared = sharedEnv(
        {
          mode: 'test',
          databaseUrl: testDbUrl,
          redisUrl: redis.url,
          publicUrl: `http://localhost:${ports[gateway.name]}`,
          webDistDir: defaultWebDistDir(stack.ROOT),
          smtpPort: ports.smtp,
          mailWebPort: ports.mailWeb,
          jwtAccessSecret: freshSecrets().jwtAccessSecret,
        },
        userEnv,
      );
      const timeoutMs = stack.healthTimeoutMs(userEnv, 120);
      await stack.startMaildev({ supervisor, ports, mailDir: path.join(runDir, 'maildev'), timeoutMs });
      try {
        await stack.startApps({ supervisor, registry, ports, env: (app) => appEnv(shared, ports[app.name], userEnv), timeoutMs });
      } catch (error) {
        if (error instanceof HealthError && error.app) {
          const proc = supervisor.processes.find((p) => p.name === error.app);
          if (proc) console.error(`${paint('grey', `── last lines of ${proc.logFile} ──`)}\n${supervisor.tail(proc, 60)}`);
        }
        throw error;
      }
      return `gateway on ${ports[gateway.name]}`;
    });

    if (!started) {
      phases.skip('integration tests', 'the stack did not start');
      phases.skip('browser tests', 'the stack did not start');
    } else {
      const gateway = registry.apps.find((a) => a.public);
      const suiteEnv = {
        ...process.env,
        GATEWAY_URL: `http://127.0.0.1:${ports[gateway.name]}`,
        MAILDEV_URL: shared.MAILDEV_URL,
        DATABASE_URL: testDbUrl,
        REDIS_URL: redis.url,
        CHROMIUM_PATH: userEnv.CHROMIUM_PATH ?? '/usr/bin/chromium',
      };
      const suite = (config, extra = []) => async () => {
        const result = await stack.run(process.execPath, [stack.JEST, '-c', config, ...extra], { env: suiteEnv, tee: true, track });
        testLines.push(...result.testLines);
        if (result.code !== 0) throw new Error(`jest -c ${config} failed (exit code ${result.code})`);
      };
      const integrationOk = await phases.run('integration tests', suite('tests/integration/jest.config.cjs'));
      const e2eOk = await phases.run('browser tests', suite('tests/e2e/jest.config.cjs', ['--passWithNoTests']));
      if (!integrationOk || !e2eOk) printAppLogTails(supervisor, registry);
    }
  }

  await phases.run('cleanup', cleanupOnce, { always: true });

  phases.print(Date.now() - startedAt);
  const counts = stack.countTests(testLines);
  console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
  if (interrupted) {
    say.fail('Interrupted.');
    return 130;
  }
  if (phases.failed) {
    say.fail(`npm test failed. App logs of this run: ${path.relative(stack.ROOT, runDir)}/logs/`);
    return 1;
  }
  fs.rmSync(runDir, { recursive: true, force: true });
  say.ok('All green.');
  return 0;
}

function printAppLogTails(supervisor, registry) {
  for (const app of registry.apps) {
    const proc = supervisor.processes.find((p) => p.name === app.name);
    if (!proc) continue;
    console.error(`${paint('grey', `── last lines of ${proc.logFile} ──`)}\n${tail(proc.logFile, 15)}`);
  }
}

module.exports = { runTests, Phases, USAGE };
