// @ts-check
'use strict';
// npm test's PostgreSQL and Redis as containers (testcontainers through podman's Docker-compatible API), one
// pair per run, removed when it ends. Where podman cannot run them the run falls back to the machine's
// servers and says why (docs/dev-stack.md, 'testcontainers').
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const { appNode } = require('./app-node');
const { isAlive } = require('./supervisor');

/** @typedef {import('./supervisor').Service} Service */
/** @typedef {import('./output').Say} Say */

const ROOT = path.resolve(__dirname, '../../..');
// The images' project owns how podman runs here; loaded by path, as one Nx project reads another's file.
/** @type {import('../../images/lib/podman.js')} */
const { podmanEnv, podmanUnavailable } = require(path.join(ROOT, 'infra/images/lib/podman.js'));
const SOCKET_WAIT_MS = 30_000;

/**
 * Why this run does not use containers, or null when it does: they are the default wherever podman runs
 * (a machine's first run builds the PostgreSQL and Redis images first, 3 min here on a quiet machine);
 * KITTY_TESTCONTAINERS=off uses the machine's servers instead (docs/dev-stack.md).
 * @param {NodeJS.ProcessEnv} userEnv
 * @returns {string | null}
 */
function containersUnavailable(userEnv) {
  if (userEnv.KITTY_TESTCONTAINERS === 'off') return 'KITTY_TESTCONTAINERS is off';
  if (userEnv.DATABASE_URL) return 'DATABASE_URL names a server';
  return podmanUnavailable();
}

/**
 * Containers of earlier runs whose launcher is gone (killed before it could remove them).
 * @returns {string[]}
 */
function orphanedContainers() {
  const listed = spawnSync(
    'podman',
    [
      'ps',
      '-a',
      '--filter',
      'label=kitty.test-run',
      '--format',
      '{{.ID}} {{index .Labels "kitty.launcher-pid"}}',
    ],
    { env: podmanEnv(), encoding: 'utf8' },
  );
  if (listed.status !== 0) return [];
  return listed.stdout
    .split('\n')
    .map((line) => line.trim().split(' '))
    .filter(([id, pid]) => id && !isAlive(Number(pid)))
    .map(([id]) => id);
}

/** @param {string[]} ids */
function removeContainers(ids) {
  if (ids.length === 0) return;
  const removed = spawnSync('podman', ['rm', '--force', '--time', '5', ...ids], {
    env: podmanEnv(),
    encoding: 'utf8',
  });
  if (removed.status !== 0) throw new Error(`podman rm failed: ${removed.stderr.trim()}`);
}

/** @param {string} runId */
function containersOfRun(runId) {
  const listed = spawnSync('podman', ['ps', '-aq', '--filter', `label=kitty.test-run=${runId}`], {
    env: podmanEnv(),
    encoding: 'utf8',
  });
  return listed.status === 0 ? listed.stdout.split('\n').filter(Boolean) : [];
}

/**
 * podman's API on a socket of this run's own, until stop().
 * @param {string} runDir
 */
async function podmanSocket(runDir) {
  const socket = path.join(runDir, 'podman.sock');
  const service = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], {
    env: podmanEnv(),
    stdio: 'ignore',
  });
  const deadline = Date.now() + SOCKET_WAIT_MS;
  while (!fs.existsSync(socket)) {
    if (service.exitCode !== null) throw new Error(`podman system service exited (${service.exitCode})`);
    if (Date.now() > deadline)
      throw new Error(`podman's API socket did not appear in ${SOCKET_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { dockerHost: `unix://${socket}`, stop: () => service.kill('SIGTERM') };
}

/**
 * The images, built offline from Debian's packages (kept when their inputs have not changed).
 * @param {Say} say
 */
function buildImages(say) {
  say.info('Images for PostgreSQL and Redis (infra/images/build.mjs; kept when unchanged)');
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, 'infra/images/build.mjs'), '--only=base,postgres,redis', '--no-build'],
    { cwd: ROOT, env: podmanEnv(), stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (built.status !== 0) throw new Error(`building the postgres and redis images failed (${built.status})`);
}

/**
 * Starts the run's PostgreSQL and Redis containers.
 * @param {{ runDir: string, runId: string, userEnv: NodeJS.ProcessEnv, say: Say }} options
 * @returns {Promise<{ postgres: Service, redis: Service }>}
 */
async function startTestContainers({ runDir, runId, userEnv, say }) {
  removeContainers(orphanedContainers());
  buildImages(say);
  fs.mkdirSync(runDir, { recursive: true });
  const socket = await podmanSocket(runDir);
  let removed = false;
  const removeRun = async () => {
    if (removed) return;
    removed = true;
    try {
      removeContainers(containersOfRun(runId));
    } finally {
      socket.stop();
    }
  };
  try {
    const node = appNode(userEnv, say.warn);
    const started = spawnSync(node.binary, [path.join(ROOT, 'infra/dev-stack/containers.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...podmanEnv(),
        DOCKER_HOST: socket.dockerHost,
        TESTCONTAINERS_RYUK_DISABLED: 'true',
        // Published on every address; loopback does not depend on podman's bridge.
        TESTCONTAINERS_HOST_OVERRIDE: '127.0.0.1',
        KITTY_RUN_ID: runId,
        KITTY_LAUNCHER_PID: String(process.pid),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (started.status !== 0)
      throw new Error(`testcontainers could not start them (exit code ${started.status})`);
    const urls = JSON.parse(started.stdout.trim().split('\n').at(-1) ?? '');
    const source = (/** @type {string} */ image) => `testcontainers (podman), ${image}`;
    // The pair goes together with PostgreSQL, which the run stops last (after dropping its database).
    return {
      postgres: { url: urls.postgres.url, source: source('localhost/kitty/postgres:dev'), stop: removeRun },
      redis: { url: urls.redis.url, source: source('localhost/kitty/redis:dev'), stop: async () => {} },
    };
  } catch (error) {
    await removeRun();
    throw error;
  }
}

module.exports = { containersUnavailable, startTestContainers };
