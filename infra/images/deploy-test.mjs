// `npm test`'s deploy phase, also `npm run test:deploy`: builds every image offline
// (build.mjs), runs the whole stack from them with podman-compose, and passes the smoke test
// (tests/deploy) against it. Where podman cannot run containers it says why and exits 78.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

import { kubePlayShape } from './kube-play-test.mjs';
import { holdMachineLock } from './lib/machine-lock.js';
import podman from './lib/podman.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = podman.podmanEnv();
const PROJECT = 'kitty-deploy-test';
const started = Date.now();
const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const say = (/** @type {string} */ message) => console.log(`[deploy +${seconds(started)}] ${message}`);
// What went wrong in the shape being played, first line each: the phase's last line repeats it, since CI
// output is often read from its end.
/** @type {string[]} */
let problems = [];
/** @returns {false} */
const fail = (/** @type {string} */ message) => {
  problems.push(message.split('\n')[0]);
  say(message);
  return false;
};

/**
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 */
function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { env: { ...env, ...extraEnv }, cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

const reason = podman.podmanUnavailable();
// `--can-run`: only say whether this machine can (npm test skips the phase, naming the reason, if not).
if (process.argv.includes('--can-run') || reason) {
  if (reason) console.log(reason);
  process.exit(reason ? 78 : 0);
}

// Another clone's deploy test on this machine shares podman's project and the published ports: wait for it.
if (!holdMachineLock('deploy-test', { waitMs: 30 * 60_000, say })) {
  console.error('Another deploy test on this machine has run for 30 minutes; stop it and run again.');
  process.exit(1);
}

// The host ports docker-compose.yml publishes (podman kube play binds them too). Taken by something else
// (`npm start` most often), the compose smoke test would talk to that instead and kube play would fail late.
const PUBLISHED_PORTS = [3000, 1080, 12111];
const portTaken = (/** @type {number} */ port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.once('listening', () => server.close(() => resolve(false)));
    server.listen(port);
  });
const taken = [];
for (const port of PUBLISHED_PORTS) if (await portTaken(port)) taken.push(port);
if (taken.length > 0) {
  console.error(
    `The deploy test publishes the stack on ports ${PUBLISHED_PORTS.join(', ')}; ${taken.join(', ')} ` +
      'in use here (is `npm start` running?). Stop it and run again.',
  );
  process.exit(1);
}

// `--images-built=N`: npm test built them already, in N s, while its browser tests ran (lib/early-images.js).
const builtEarly = process.argv
  .find((arg) => arg.startsWith('--images-built='))
  ?.slice('--images-built='.length);
const t0 = Date.now();
if (!builtEarly && !run('node', ['infra/images/build.mjs'])) process.exit(1);
const buildTime = builtEarly ? `${builtEarly} s, during the browser tests` : seconds(t0);

// Fresh secrets for this run (compose refuses to start without them; production refuses known ones).
const secrets = {
  POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
  JWT_ACCESS_SECRET: randomBytes(32).toString('hex'),
  OPS_PASSWORD: randomBytes(24).toString('hex'),
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  STRIPE_CONNECT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  EMAIL_LINK_SECRET: randomBytes(32).toString('hex'),
};
// podman-compose echoes every podman command it runs (secrets included): kept in a log, shown on failure.
const composeLog = path.join(root, '.kitty/images/compose.log');
fs.mkdirSync(path.dirname(composeLog), { recursive: true });
fs.writeFileSync(composeLog, '');
const compose = (/** @type {string[]} */ ...args) => {
  const result = spawnSync('podman-compose', ['-p', PROJECT, '-f', 'docker-compose.yml', ...args], {
    env: { ...env, ...secrets },
    cwd: root,
    encoding: 'utf8',
  });
  fs.appendFileSync(composeLog, `$ podman-compose ${args.join(' ')}\n${result.stdout}${result.stderr}`);
  if (result.status !== 0)
    return fail(`podman-compose ${args.join(' ')} failed (${result.status}): see ${composeLog}`);
  return true;
};

/**
 * The smoke test (tests/deploy) against the stack `extraEnv` points at; a failure's first line goes to
 * `problems`.
 * @param {Record<string, string>} extraEnv
 */
function smokeTest(extraEnv) {
  const results = path.join(root, '.kitty/images/smoke-results.json');
  fs.rmSync(results, { force: true });
  const jest = [
    'jest',
    '-c',
    'tests/deploy/jest.config.cjs',
    '--runInBand',
    '--json',
    `--outputFile=${results}`,
  ];
  if (run('npx', jest, extraEnv)) return true;
  /** @type {{ testResults?: { message?: string }[] }} */
  const report = fs.existsSync(results) ? JSON.parse(fs.readFileSync(results, 'utf8')) : {};
  const lines = (report.testResults ?? [])
    .flatMap(({ message }) => stripVTControlCharacters(message ?? '').split('\n'))
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('●'));
  // The assertion, what it got, and where in the smoke test: enough to tell a cold start from a bug.
  const why = [
    lines[0],
    ...lines.filter((line) => /^(Expected|Received):/.test(line)),
    lines.find((line) => line.startsWith('at ') && line.includes('smoke.spec.ts:')),
  ]
    .filter(Boolean)
    .join(' ');
  return fail(`the smoke test failed: ${why || 'no result (see above)'}`);
}

/**
 * Whether the apps' connections went through PgBouncer: its admin console's SHOW POOLS, asked with the
 * psql of the Postgres container `from` (the pgbouncer image has none), finds server connections open on
 * the apps' `kitty_<app>` entries (PgBouncer keeps them 10 minutes idle). Says how many per entry.
 * @param {string} from
 * @param {string} host
 */
function pooled(from, host) {
  const psql = [
    'psql',
    '-h',
    host,
    '-p',
    '6432',
    '-U',
    'kitty',
    '-d',
    'pgbouncer',
    '-AF',
    ' ',
    '-c',
    'SHOW POOLS',
  ];
  const pools = quiet(['exec', '-e', `PGPASSWORD=${secrets.POSTGRES_PASSWORD}`, from, ...psql]);
  if (pools.status !== 0) return fail(`PgBouncer's SHOW POOLS failed: ${pools.stderr.trim()}`);
  const [header, ...rows] = pools.stdout.trim().split('\n');
  const columns = header.split(' ');
  const servers = rows
    .map((line) => Object.fromEntries(line.split(' ').map((value, i) => [columns[i], value])))
    .filter((pool) => pool.database?.startsWith('kitty_'))
    .map((pool) => ({
      database: pool.database,
      count: ['sv_active', 'sv_idle', 'sv_used', 'sv_tested'].reduce(
        (sum, column) => sum + Number(pool[column] ?? 0),
        0,
      ),
    }))
    .filter(({ count }) => count > 0);
  if (servers.length === 0) return fail('no server connection through PgBouncer (SHOW POOLS)');
  say(
    `through PgBouncer (SHOW POOLS, server connections): ${servers.map(({ database, count }) => `${database} ${count}`).join(', ')}`,
  );
  return true;
}

/**
 * Polls `probe` every second until it is true or `limit` seconds pass.
 * @param {string} what
 * @param {number} limit
 * @param {() => boolean} probe
 */
function waitFor(what, limit, probe) {
  for (let left = limit; left > 0; left -= 1) {
    if (probe()) return true;
    spawnSync('sleep', ['1']);
  }
  return fail(`${what}: not ready after ${limit} s`);
}
const container = (/** @type {string} */ service) => `${PROJECT}_${service}_1`;
const quiet = (/** @type {string[]} */ args) => spawnSync('podman', args, { env, encoding: 'utf8' });

// `--shape=compose` or `--shape=kube` runs one of the two; both by default.
const shape = process.argv.find((arg) => arg.startsWith('--shape='))?.slice('--shape='.length);
const composeShape = () => {
  /** @type {boolean} */
  let ok;
  try {
    compose('down', '-v');
    // podman-compose 1.0 starts every service at once, whatever depends_on says (Docker Compose waits):
    // the file's start order is followed here by hand — data stores, the migration job, then the apps.
    say('podman-compose up: Postgres, PgBouncer, Redis, MailDev, Stripe sandbox');
    ok =
      compose('up', '-d', 'postgres', 'pgbouncer', 'redis', 'maildev', 'stripe-sandbox') &&
      waitFor(
        'postgres',
        90,
        () =>
          quiet([
            'exec',
            container('postgres'),
            'pg_isready',
            '-h',
            '127.0.0.1',
            '-U',
            'kitty',
            '-d',
            'kitty',
          ]).status === 0,
      );
    if (ok) {
      say('the migration job');
      ok = compose('up', '-d', '--no-deps', 'migrate');
      const exit = quiet(['wait', container('migrate')]).stdout.trim();
      if (exit !== '0') ok = fail(`the migration job exited ${exit}`);
    }
    if (ok) {
      say('podman-compose up: every app');
      ok = compose('up', '-d');
    }
    if (ok)
      ok = smokeTest({
        DEPLOY_SHAPE: 'podman-compose',
        GATEWAY_URL: 'http://127.0.0.1:3000',
        MAILDEV_URL: 'http://127.0.0.1:1080',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
        STRIPE_WEBHOOK_SECRET: secrets.STRIPE_WEBHOOK_SECRET,
      });
    if (ok) ok = pooled(container('postgres'), 'pgbouncer');
    if (!ok) postMortem();
  } finally {
    compose('down', '-v');
  }
  return ok;
};

/**
 * What a failed compose run leaves for whoever reads CI's output: every container's logs in
 * .kitty/images/logs/, the last lines of the gateway and of any container that exited or restarted, and a
 * one-line account of both (restarts, the gateway's failed RPCs by pattern) in the phase's summary.
 */
function postMortem() {
  const dir = path.join(root, '.kitty/images/logs');
  fs.mkdirSync(dir, { recursive: true });
  const names = quiet(['ps', '-a', '--format', '{{.Names}}', '--filter', `name=^${PROJECT}_`])
    .stdout.split('\n')
    .filter(Boolean);
  /** @type {string[]} */
  const troubled = [];
  let gatewayLog = '';
  for (const name of names) {
    const service = name.slice(PROJECT.length + 1).replace(/_1$/, '');
    const logs = quiet(['logs', name]);
    const text = `${logs.stdout}${logs.stderr}`;
    fs.writeFileSync(path.join(dir, `compose-${service}.log`), text);
    if (service === 'gateway') gatewayLog = text;
    const [status, restarts, exitCode] = quiet([
      'inspect',
      '--format',
      '{{.State.Status}} {{.RestartCount}} {{.State.ExitCode}}',
      name,
    ])
      .stdout.trim()
      .split(' ');
    const exitedBadly = status !== 'running' && !(service === 'migrate' && exitCode === '0');
    if (exitedBadly || Number(restarts) > 0)
      troubled.push(`${service} ${status}, restarted ${restarts}×, last exit ${exitCode}`);
    if (service === 'gateway' || exitedBadly || Number(restarts) > 0) {
      say(`last lines of ${service}:\n${text.trimEnd().split('\n').slice(-30).join('\n')}`);
    }
  }
  /** @type {Map<string, number>} */
  const failedRpcs = new Map();
  for (const [, pattern, reason] of gatewayLog.matchAll(/RPC (\S+) failed: ([^"\n]*)/g)) {
    const key = `${pattern} (${reason.trim()})`;
    failedRpcs.set(key, (failedRpcs.get(key) ?? 0) + 1);
  }
  fail(
    `after the failure: ${troubled.length ? troubled.join('; ') : 'no container exited or restarted'}; ` +
      (failedRpcs.size
        ? `the gateway's failed RPCs: ${[...failedRpcs].map(([key, count]) => `${count}× ${key}`).join(', ')}`
        : 'the gateway logged no failed RPC') +
      `; every container's log is in ${path.relative(root, dir)}/`,
  );
}

/** @type {string[]} */
const report = [`images built in ${buildTime}`];
let passed = true;
for (const [name, play] of /** @type {const} */ ([
  ['compose', composeShape],
  ['kube', () => kubePlayShape({ root, env, say, fail, secrets, smokeTest, pooled, waitFor })],
])) {
  if (shape && shape !== name) continue;
  const t1 = Date.now();
  problems = [];
  const ok = play();
  passed &&= ok;
  report.push(
    `${name === 'compose' ? 'podman-compose' : 'podman kube play'} up + smoke test + down in ${seconds(t1)}: ${ok ? 'passed' : `FAILED (${problems.join('; ') || 'see above'})`}`,
  );
}
say(report.join('; '));
process.exit(passed ? 0 : 1);
