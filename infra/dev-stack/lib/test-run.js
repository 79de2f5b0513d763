// @ts-check
'use strict';
// `npm test`: a fresh database, the migration check, lint + typecheck + unit tests + build for every
// project, then the whole stack on free ports (private Redis and MailDev) for the integration and browser
// suites. Everything is torn down at the end, whatever failed; the summary times each phase.
const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { loadRegistry, appsForRun, buildProjects, replicaCounts } = require('./registry');
const { freshSecrets } = require('./secrets');
const {
  findPostgres,
  ensureDatabase,
  dropDatabase,
  withDatabase,
  databaseName,
  redact,
} = require('./postgres');
const { privateRedis } = require('./redis');
const { startPgbouncer } = require('./pgbouncer');
const { containersUnavailable, startTestContainers } = require('./test-containers');
const { Supervisor } = require('./supervisor');
const { ReplicaKeeper } = require('./replica-keeper');
const { paint, say, formatDuration, tail } = require('./output');
const stack = require('./stack');
const { auditLogs } = require('./log-audit');
const { buildImagesEarly } = require('./early-images');
const { runOnClusterAndPooler } = require('./cluster-run');
const { clusterNodeNames } = require('./redis-cluster');

/** @typedef {import('./supervisor').Service} Service */
/** @typedef {import('./stack').Replica} Replica */

const USAGE = `npm test [-- options]
  --quick        services, database, migration check, lint/typecheck/unit tests/build; no running stack
  --stack-only   skip lint/typecheck/unit tests: build the registry's apps, start them, run integration + e2e
  --verbose      also print the apps' output (always written to .kitty/test-runs/<id>/logs)
  --only=<regex> with --stack-only: only the integration, security and browser specs whose path matches; no fault suite`;

/** @typedef {{ name: string, status: 'running' | 'passed' | 'failed' | 'skipped', ms: number, note: string }} Phase */

class Phases {
  /** @param {() => boolean} interrupted once true, later phases are skipped */
  constructor(interrupted) {
    /** @type {Phase[]} */
    this.list = [];
    this.interrupted = interrupted;
  }

  /**
   * Runs `fn` as a named phase, recording its duration and outcome; never throws. `fn` may return a
   * note for the summary, or 'skipped'.
   * @param {string} name
   * @param {() => Promise<string | void>} fn
   * @param {{ always?: boolean }} [options] always: run even after an interruption (cleanup)
   */
  async run(name, fn, { always = false } = {}) {
    if (this.interrupted() && !always) {
      this.skip(name, 'interrupted');
      return false;
    }
    /** @type {Phase} */
    const phase = { name, status: 'running', ms: 0, note: '' };
    this.list.push(phase);
    console.log(`\n${paint('bold', `━━ ${name}`)}`);
    const started = Date.now();
    try {
      const note = await fn();
      phase.status = note === 'skipped' ? 'skipped' : 'passed';
      if (note && note !== 'skipped') phase.note = note;
    } catch (error) {
      const message = /** @type {Error} */ (error).message;
      phase.status = 'failed';
      phase.note = message.split('\n')[0];
      say.fail(`${name}: ${message}`);
    }
    phase.ms = Date.now() - started;
    return phase.status !== 'failed';
  }

  /**
   * @param {string} name
   * @param {string} why
   */
  skip(name, why) {
    this.list.push({ name, status: 'skipped', ms: 0, note: why });
  }

  get failed() {
    return this.list.some((p) => p.status === 'failed');
  }

  /** @param {number} totalMs */
  print(totalMs) {
    const width = Math.max(...this.list.map((p) => p.name.length));
    const mark = {
      running: 'running',
      passed: paint('green', 'ok     '),
      failed: paint('red', 'FAILED '),
      skipped: paint('grey', 'skipped'),
    };
    console.log(`\n${paint('bold', 'Summary')}`);
    for (const p of this.list) {
      const time = p.status === 'skipped' ? '' : formatDuration(p.ms);
      console.log(
        `  ${mark[p.status]}  ${p.name.padEnd(width)}  ${time.padStart(9)}${p.note ? `  ${paint('grey', p.note)}` : ''}`,
      );
    }
    console.log(`  ${' '.repeat(7)}  ${'total'.padEnd(width)}  ${formatDuration(totalMs).padStart(9)}`);
  }
}

/**
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} [userEnv]
 * @returns {Promise<number>} the exit code
 */
async function runTests(argv, userEnv = process.env) {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const quick = argv.includes('--quick');
  const stackOnly = argv.includes('--stack-only');
  // A quicker loop while working on one suite: jest's --testPathPatterns for the stack's suites.
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const startedAt = Date.now();
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const runDir = path.join(stack.KITTY_DIR, 'test-runs', runId);
  const registry = appsForRun(loadRegistry(stack.ROOT), { mode: 'test', userEnv });
  const replicas = replicaCounts(registry, { mode: 'test', userEnv });
  const supervisor = new Supervisor({
    logDir: path.join(runDir, 'logs'),
    echo: argv.includes('--verbose') || userEnv.KITTY_VERBOSE === '1',
    names: [
      ...stack.processNames(registry, replicas),
      'maildev',
      'postgres',
      'redis',
      'pgbouncer',
      ...clusterNodeNames(),
    ],
    // A process of the stack dying mid-run explains the failures that follow it: say so when it happens.
    // A replica (a suite may SIGKILL one) is started again on its ports, as its orchestrator would.
    onUnexpectedExit: (proc, code, signal) => {
      const restarting = keeper.exited(proc) || (restartElsewhere?.(proc) ?? false);
      say.fail(
        `${proc.name} stopped (${signal ?? `exit code ${code}`}) during the run${restarting ? '; restarting it' : ''}. Log: ${path.relative(stack.ROOT, proc.logFile)}`,
      );
    },
  });
  /** The cluster phase's own stack restarts its processes (its replicas, its Redis nodes) while it runs. */
  /** @type {((proc: import('./supervisor').Proc) => unknown) | null} */
  let restartElsewhere = null;
  const keeper = new ReplicaKeeper({
    supervisor,
    file: path.join(runDir, 'replicas.json'),
    timeoutMs: stack.healthTimeoutMs(userEnv, 120),
    onFailure: (message) => say.fail(message),
  });

  // What this run has set up so far, for the phases after it and for the cleanup.
  /** @type {{ postgres: Service | null, redis: Service | null, testDbUrl: string | null, stack: { gatewayUrl: string, env: Record<string, string>, replicas: Replica[], stop: () => Promise<void> } | null, earlyImages: ReturnType<typeof buildImagesEarly> | null }} */
  const run = { postgres: null, redis: null, testDbUrl: null, stack: null, earlyImages: null };
  /** @type {string[]} */
  const testLines = [];
  /** @type {import('node:child_process').ChildProcess | null} */
  let foreground = null;
  /** @param {import('node:child_process').ChildProcess | null} child */
  const track = (child) => {
    foreground = child;
  };

  /**
   * Stops every process but the run's PostgreSQL and Redis (the stack's apps, MailDev, what a phase of
   * its own started); returns the names of those that were still running.
   */
  const stopAllButServices = async () => {
    await run.stack?.stop();
    const services = new Set([run.postgres?.proc, run.redis?.proc]);
    const running = supervisor.processes.filter((p) => !services.has(p) && !p.exitInfo);
    await Promise.all(running.map((p) => supervisor.stop(p)));
    return running.map((p) => p.name);
  };

  // Apps and MailDev, then Redis, the test database and (if we started it) PostgreSQL.
  const cleanup = async () => {
    const { postgres, redis, testDbUrl } = run;
    keeper.stop();
    // Interrupted before the deploy phase waited for it.
    run.earlyImages?.child.kill();
    await stopAllButServices();
    /** @type {string[]} */
    const errors = [];
    await redis?.stop().catch((e) => errors.push(e.message));
    if (testDbUrl)
      await dropDatabase(testDbUrl).catch((e) =>
        errors.push(`could not drop the test database: ${e.message}`),
      );
    await postgres?.stop().catch((e) => errors.push(e.message));
    if (errors.length) throw new Error(errors.join('; '));
    return testDbUrl ? `dropped ${databaseName(testDbUrl)}` : '';
  };
  /** @type {Promise<string> | null} */
  let cleaning = null;
  const cleanupOnce = () => (cleaning ??= cleanup());

  let interrupted = false;
  let interruptedAt = 0;
  const onSignal = async () => {
    // One Ctrl-C reaches us twice (from the terminal, and forwarded by npm): only a later one forces.
    if (interrupted) {
      if (Date.now() - interruptedAt > 1500) process.exit(130);
      return;
    }
    interrupted = true;
    interruptedAt = Date.now();
    say.warn('Interrupted: cleaning up…');
    foreground?.kill('SIGTERM');
    await cleanupOnce().catch(() => {});
    // The main flow sees its processes stop, prints the summary and exits; this is the fallback.
    setTimeout(() => process.exit(130), 5000).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const phases = new Phases(() => interrupted);

  const servicesOk = await phases.run('services (PostgreSQL, Redis)', async () => {
    const noContainers = containersUnavailable(userEnv);
    if (noContainers === null) {
      try {
        Object.assign(run, await startTestContainers({ runDir, runId, userEnv, say }));
      } catch (error) {
        say.warn(`testcontainers: ${/** @type {Error} */ (error).message}; using this machine's servers.`);
      }
    }
    run.postgres ??= await findPostgres({ root: stack.ROOT, userEnv, supervisor, say });
    say.info(`PostgreSQL: ${run.postgres.source}`);
    run.redis ??= await privateRedis({
      root: stack.ROOT,
      userEnv,
      supervisor,
      dataDir: path.join(runDir, 'redis'),
      say,
    });
    say.info(`Redis: ${run.redis.source}`);
    return run.postgres.source.startsWith('testcontainers')
      ? 'testcontainers (podman)'
      : `machine's servers, no containers: ${noContainers ?? 'testcontainers failed, see above'}`;
  });

  const databaseOk =
    servicesOk &&
    (await phases.run('test database + migrations', async () => {
      const url = withDatabase(/** @type {Service} */ (run.postgres).url, `kitty_test_${runId}`);
      run.testDbUrl = url;
      await ensureDatabase(url);
      say.info(`Database: ${redact(url)}`);
      if (!(await stack.migrate('deploy', url, { track })))
        return 'infra/db/migrate.js not found: nothing applied';
    }));

  if (databaseOk) {
    await phases.run('migration check', async () =>
      (await stack.migrate('check', /** @type {string} */ (run.testDbUrl), { track })) ? '' : 'skipped',
    );
  } else phases.skip('migration check', 'no test database');

  const builtOk = stackOnly
    ? await phases.run('build', async () => {
        await stack.generateClients({ track });
        await stack.build(buildProjects(registry), { track });
      })
    : await phases.run('lint, typecheck, unit tests, build', async () => {
        await stack.generateClients({ track });
        // static: print every task's output (Nx hides successful ones otherwise), so the test counts add up.
        const nxArgs = [
          stack.binScript('nx'),
          'run-many',
          '-t',
          'lint',
          'typecheck',
          'test',
          'build',
          // Committed generated code (OpenAPI document, web API client) must match its source.
          'check-generated',
          '--output-style=static',
        ];
        // Unit and medium tests may use the run's database and Redis.
        const env = stack.nxEnv({
          ...(run.testDbUrl && { DATABASE_URL: run.testDbUrl }),
          ...(run.redis && { REDIS_URL: run.redis.url }),
        });
        const result = await stack.run(process.execPath, nxArgs, { env, tee: true, track });
        testLines.push(...result.testLines);
        if (result.code !== 0)
          throw new Error(
            `nx run-many -t lint typecheck test build check-generated failed (exit code ${result.code})`,
          );
      });

  const stackPhases = [
    'stack start',
    'integration tests',
    'security walk',
    'browser tests',
    'Stripe conformance',
    'fault suite',
    'Redis Cluster + PgBouncer',
    'deploy',
  ];
  if (quick) stackPhases.forEach((name) => phases.skip(name, '--quick'));
  else if (!builtOk || !databaseOk)
    stackPhases.forEach((name) => phases.skip(name, 'an earlier phase failed'));
  else {
    const database = /** @type {string} */ (run.testDbUrl);
    const redisUrl = /** @type {Service} */ (run.redis).url;
    await phases.run('stack start', async () => {
      // KITTY_PGBOUNCER=on: the apps reach the run's database through PgBouncer in transaction mode.
      const pooler =
        userEnv.KITTY_PGBOUNCER === 'on'
          ? await startPgbouncer({
              supervisor,
              databaseUrl: database,
              apps: registry.apps.map(({ name }) => name),
              dir: path.join(runDir, 'pgbouncer'),
            })
          : null;
      if (pooler)
        say.info(`PgBouncer (transaction mode) on 127.0.0.1:${pooler.port} in front of the run's database`);
      try {
        run.stack = await stack.startStack({
          pooler,
          mode: 'test',
          registry,
          replicas,
          supervisor,
          say,
          userEnv,
          databaseUrl: database,
          redisUrl,
          ...freshSecrets(),
          queuePrefix: `kitty-test-${runId}`,
          mailDir: path.join(runDir, 'maildev'),
          stripeSandboxDataDir: path.join(runDir, 'stripe-sandbox'),
          timeoutMs: stack.healthTimeoutMs(userEnv, 120),
        });
      } catch (error) {
        const log = stack.healthFailureLog(supervisor, error, 60);
        if (log) console.error(log);
        throw error;
      }
      keeper.watch(run.stack.replicas);
      const most = Math.max(...Object.values(replicas));
      return `gateway on ${run.stack.gatewayUrl}${most > 1 ? `, up to ${most} replicas per app` : ''}${pooler ? ', through PgBouncer' : ''}`;
    });

    if (!run.stack) {
      phases.skip('integration tests', 'the stack did not start');
      phases.skip('security walk', 'the stack did not start');
      phases.skip('browser tests', 'the stack did not start');
      phases.skip('Stripe conformance', 'the stack did not start');
      phases.skip('fault suite', 'the stack did not start');
      phases.skip('Redis Cluster + PgBouncer', 'the stack did not start');
      phases.skip('deploy', 'the stack did not start');
    } else {
      const { gatewayUrl, env } = run.stack;
      const suiteEnv = {
        ...process.env,
        GATEWAY_URL: gatewayUrl,
        // The web app's own address: Checkout returns the payer there (the browser suites start there too).
        PUBLIC_URL: env.PUBLIC_URL,
        MAILDEV_URL: env.MAILDEV_URL,
        OPS_PASSWORD: env.OPS_PASSWORD,
        // The payments suite signs webhooks as Stripe (and forges them) and reads the sandbox and the queue.
        STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
        STRIPE_CONNECT_WEBHOOK_SECRET: env.STRIPE_CONNECT_WEBHOOK_SECRET,
        STRIPE_API_URL: env.STRIPE_API_URL,
        QUEUE_PREFIX: env.QUEUE_PREFIX,
        DATABASE_URL: database,
        REDIS_URL: redisUrl,
        CHROMIUM_PATH: userEnv.CHROMIUM_PATH ?? '/usr/bin/chromium',
        // Every app's replicas (name, pid, HTTP port) as they were started, and a file kept current when
        // a replica is restarted (new pid): tests/support/replicas.ts reads them.
        KITTY_STACK_REPLICAS: JSON.stringify(stack.describeReplicas(run.stack.replicas)),
        KITTY_STACK_REPLICAS_FILE: keeper.file,
      };
      /** @type {(config: string, extra?: string[], env?: Record<string, string>) => () => Promise<void>} */
      const suite =
        (config, extra = [], env = {}) =>
        async () => {
          const result = await stack.run(
            process.execPath,
            [stack.binScript('jest'), '-c', config, ...extra],
            {
              env: { ...suiteEnv, ...env },
              tee: true,
              track,
            },
          );
          testLines.push(...result.testLines);
          if (result.code !== 0) throw new Error(`jest -c ${config} failed (exit code ${result.code})`);
        };
      const filter = only ? ['--passWithNoTests', `--testPathPatterns=${only}`] : [];
      const integrationOk = await phases.run(
        'integration tests',
        suite('tests/integration/jest.config.cjs', filter),
      );
      // Every OpenAPI route with hostile requests (tests/security); it signs expired tokens with the run's key.
      const securityOk = await phases.run(
        'security walk',
        suite('tests/security/jest.config.cjs', ['--passWithNoTests', ...filter], {
          JWT_ACCESS_SECRET: env.JWT_ACCESS_SECRET,
        }),
      );
      // The deploy phase's images are built meanwhile, at idle priority (lib/early-images.js).
      const cannotDeploy = only ? `--only=${only}` : deployUnavailable();
      if (!cannotDeploy)
        run.earlyImages = buildImagesEarly(stack.ROOT, path.join(runDir, 'images-build.log'));
      // --passWithNoTests until the first browser suite lands.
      const e2eOk = await phases.run(
        'browser tests',
        suite('tests/e2e/jest.config.cjs', ['--passWithNoTests', ...filter]),
      );
      if (!integrationOk || !securityOk || !e2eOk) printAppLogTails(supervisor);
      // Every Stripe call and webhook delivery of the suites above, against Stripe's schema (tests/stripe-conformance).
      await phases.run(
        'Stripe conformance',
        suite('tests/stripe-conformance/jest.config.cjs', [], {
          STRIPE_TRAFFIC_FILE: env.SANDBOX_TRAFFIC_FILE ?? '',
          // A filtered run exercises only some flows: what it did is checked, but nothing is missing.
          STRIPE_CONFORMANCE_PARTIAL: only ? '1' : '',
        }),
      );
      // Every flow above ran through these logs: none may hold a card number (decisions §16).
      await phases.run('log audit', async () => {
        const { files, lines, findings } = auditLogs(path.join(runDir, 'logs'));
        for (const { file, line, masked } of findings) say.fail(`card number ${masked} in ${file}:${line}`);
        if (findings.length > 0) throw new Error(`${findings.length} card number(s) in the apps' logs`);
        return `${lines} lines in ${files} logs, no card number`;
      });
      // tests/faults starts a stack of its own (own database on this server, own Redis) and kills its
      // processes; this run's apps are stopped first so the two stacks do not share the CPU.
      if (only) phases.skip('fault suite', `--only=${only}`);
      else
        await phases.run('fault suite', async () => {
          await stopAllButServices();
          const postgresUrl = /** @type {Service} */ (run.postgres).url;
          await suite('tests/faults/jest.config.cjs', ['--runInBand'], {
            DATABASE_URL: postgresUrl,
            FAULT_SKIP_BUILD: '1',
          })();
        });
      // Past one machine: the same apps on a Redis Cluster and behind PgBouncer, and a master killed under
      // money commands (lib/cluster-run.js). --only runs it too when the selection names tests/cluster.
      if (only && !/cluster/.test(only)) phases.skip('Redis Cluster + PgBouncer', `--only=${only}`);
      else
        await phases.run('Redis Cluster + PgBouncer', async () => {
          await stopAllButServices();
          return runOnClusterAndPooler({
            supervisor,
            registry,
            replicas,
            postgresUrl: /** @type {Service} */ (run.postgres).url,
            runDir,
            runId,
            say,
            userEnv,
            runSuite: (config, extra, env) => suite(config, extra, env)(),
            onRestartable: (handler) => (restartElsewhere = handler),
          });
        });
      // The images built offline and the whole stack run from them (podman-compose), with a smoke test.
      // Whatever an earlier phase left running is stopped first: the containers need the cores.
      if (cannotDeploy) phases.skip('deploy', cannotDeploy);
      else
        await phases.run('deploy', async () => {
          const leftover = await stopAllButServices();
          if (leftover.length > 0)
            say.warn(
              `Stopped ${leftover.length} processes an earlier phase had left running: ${leftover.join(', ')}`,
            );
          const early = await run.earlyImages?.done;
          if (early && !early.ok) {
            say.warn(`The early image build failed after ${early.seconds} s; building again. Its log ends:`);
            console.log(tail(early.logFile, 30));
          }
          const args = [
            'infra/images/deploy-test.mjs',
            ...(early?.ok ? [`--images-built=${early.seconds}`] : []),
          ];
          const result = await stack.run(process.execPath, args, {
            tee: true,
            track,
          });
          testLines.push(...result.testLines);
          if (result.code !== 0)
            throw new Error(`infra/images/deploy-test.mjs failed (exit code ${result.code})`);
          return 'images built; podman-compose stack and kube-played pods smoke-tested';
        });
    }
  }

  await phases.run('cleanup', cleanupOnce, { always: true });
  phases.print(Date.now() - startedAt);
  const counts = stack.countTests(testLines);
  console.log(
    `\ntests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  );
  if (interrupted) {
    say.fail('Interrupted.');
    return 130;
  }
  if (phases.failed) {
    say.fail(`npm test failed. Logs of this run's apps: ${path.relative(stack.ROOT, runDir)}/logs/`);
    return 1;
  }
  fs.rmSync(runDir, { recursive: true, force: true });
  say.ok('All green.');
  return 0;
}

/**
 * Why the deploy phase cannot run on this machine (no podman, or podman cannot start), or null.
 * @returns {string | null}
 */
function deployUnavailable() {
  const probe = spawnSync(process.execPath, ['infra/images/deploy-test.mjs', '--can-run'], {
    cwd: stack.ROOT,
    encoding: 'utf8',
  });
  return probe.status === 0 ? null : probe.stdout.trim() || `the probe failed (exit code ${probe.status})`;
}

/** @param {Supervisor} supervisor */
function printAppLogTails(supervisor) {
  for (const proc of supervisor.processes) {
    console.error(`${paint('grey', `── last lines of ${proc.logFile} ──`)}\n${tail(proc.logFile, 15)}`);
  }
}

module.exports = { runTests, Phases, USAGE };
