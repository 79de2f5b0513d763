// Starts the test run's PostgreSQL and Redis as containers with testcontainers, through podman's
// Docker-compatible API (DOCKER_HOST), from the images infra/images/build.mjs makes offline from Debian's
// packages (localhost/kitty/postgres:dev, localhost/kitty/redis:dev). Prints one JSON line with the
// containers' ids and URLs, then exits: the containers outlive it, labelled with the run, and
// lib/test-containers.js removes them when the run ends. Run on the Node the images ship (testcontainers
// needs Node 22 or later); Ryuk, testcontainers' reaper, is off because its image would have to be pulled.
import { randomBytes } from 'node:crypto';

import { GenericContainer, Wait } from 'testcontainers';

const runId = process.env.KITTY_RUN_ID ?? 'manual';
const launcherPid = process.env.KITTY_LAUNCHER_PID ?? String(process.ppid);
const labels = { 'kitty.test-run': runId, 'kitty.launcher-pid': launcherPid };
const STARTUP_MS = 180_000;

async function postgres() {
  const password = randomBytes(18).toString('base64url');
  const container = await new GenericContainer('localhost/kitty/postgres:dev')
    .withEnvironment({ POSTGRES_USER: 'postgres', POSTGRES_PASSWORD: password, POSTGRES_DB: 'kitty' })
    // As many connections as 3 replicas of every app with their pools need (the machine's server is set
    // the same way, docs/dev-stack.md); a test database need not survive a crash of the machine.
    .withCommand(['/usr/local/bin/postgres-start', '-c', 'max_connections=400', '-c', 'fsync=off'])
    .withExposedPorts(5432)
    .withLabels(labels)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/))
    .withStartupTimeout(STARTUP_MS)
    .start();
  const url = `postgresql://postgres:${password}@${container.getHost()}:${container.getMappedPort(5432)}/kitty`;
  return { id: container.getId(), url };
}

async function redis() {
  const container = await new GenericContainer('localhost/kitty/redis:dev')
    .withCommand(['redis-server', '--protected-mode', 'no', '--save', '', '--appendonly', 'no'])
    .withExposedPorts(6379)
    .withLabels(labels)
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .withStartupTimeout(STARTUP_MS)
    .start();
  return { id: container.getId(), url: `redis://${container.getHost()}:${container.getMappedPort(6379)}` };
}

const [pg, cache] = await Promise.all([postgres(), redis()]);
process.stdout.write(`${JSON.stringify({ postgres: pg, redis: cache })}\n`);
