// @ts-check
'use strict';
// Finds a Redis server: REDIS_URL, else 127.0.0.1:6379, else a redis-server we start ourselves.
// Test runs always prefer a private redis-server: Nest's Redis transport uses pub/sub, which Redis does
// not separate by DB number, so a test stack sharing the development Redis would answer its requests.
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { allocatePorts, ephemeralPort } = require('./ports');

/** @typedef {import('./supervisor').Service} Service */
/** @typedef {import('./supervisor').Supervisor} Supervisor */
/** @typedef {import('./output').Say} Say */

const LOCAL_URL = 'redis://127.0.0.1:6379';
const SPAWNED_PORT = 6380;

/** A command in Redis's wire protocol. @param {string[]} parts */
function resp(...parts) {
  return `*${parts.length}\r\n${parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join('')}`;
}

/**
 * 'ok', 'unreachable', or an Error with the server's answer (e.g. NOAUTH).
 * @param {string} url
 * @param {number} [timeoutMs]
 * @returns {Promise<'ok' | 'unreachable' | Error>}
 */
function probe(url, timeoutMs = 1000) {
  const parsed = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 6379) });
    let answer = '';
    const done = (/** @type {'ok' | 'unreachable' | Error} */ result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done('unreachable'));
    socket.once('error', () => done('unreachable'));
    socket.once('connect', () => {
      const password = decodeURIComponent(parsed.password);
      const user = decodeURIComponent(parsed.username);
      if (password) socket.write(user ? resp('AUTH', user, password) : resp('AUTH', password));
      socket.write(resp('PING'));
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (answer.includes('+PONG')) done('ok');
      else if (answer.startsWith('-') && answer.includes('\r\n')) done(new Error(answer.trim().slice(1)));
    });
  });
}

function redisServerAvailable() {
  return spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
}

const NOT_FOUND =
  'No Redis found: nothing answers on 127.0.0.1:6379 and redis-server is not installed.\n' +
  '  Install and start one (Debian/Ubuntu: sudo apt-get install -y redis-server), or point Kitty at yours:\n' +
  '  REDIS_URL=redis://HOST:PORT npm start';

/**
 * For development. KITTY_REDIS=spawn skips the local server (used to test that path).
 * @param {{ root: string, userEnv?: NodeJS.ProcessEnv, supervisor: Supervisor, say: Say }} options
 * @returns {Promise<Service>}
 */
async function findRedis({ root, userEnv = process.env, supervisor, say }) {
  if (userEnv.REDIS_URL) {
    const state = await probe(userEnv.REDIS_URL);
    if (state !== 'ok') {
      throw new Error(
        `REDIS_URL=${userEnv.REDIS_URL} cannot be used: ${state === 'unreachable' ? 'nothing answers there' : state.message}.`,
      );
    }
    return { url: userEnv.REDIS_URL, source: 'REDIS_URL', stop: async () => {} };
  }
  if (userEnv.KITTY_REDIS !== 'spawn') {
    const state = await probe(LOCAL_URL);
    if (state === 'ok')
      return { url: LOCAL_URL, source: 'local server on 127.0.0.1:6379', stop: async () => {} };
    if (state !== 'unreachable') {
      throw new Error(
        `Redis on 127.0.0.1:6379 answered "${state.message}". Set REDIS_URL=redis://:PASSWORD@127.0.0.1:6379 and run again.`,
      );
    }
  }
  if (!redisServerAvailable()) throw new Error(NOT_FOUND);
  const wanted = Number(userEnv.KITTY_REDIS_PORT ?? SPAWNED_PORT);
  const { ports, notes } = await allocatePorts([
    { key: 'redis', label: 'Redis', port: wanted, explicit: userEnv.KITTY_REDIS_PORT !== undefined },
  ]);
  notes.forEach((note) => say.warn(note));
  const dataDir = path.join(root, '.kitty', 'redis');
  return spawnRedis({ supervisor, port: ports.redis, dataDir, persist: true });
}

/**
 * For tests: a private redis-server on a free port, or (without redis-server) the shared one, with a warning.
 * @param {{ root: string, userEnv?: NodeJS.ProcessEnv, supervisor: Supervisor, dataDir: string, say: Say }} options
 * @returns {Promise<Service>}
 */
async function privateRedis({ root, userEnv = process.env, supervisor, dataDir, say }) {
  if (redisServerAvailable()) {
    return spawnRedis({ supervisor, port: await ephemeralPort(), dataDir, persist: false });
  }
  say.warn(
    'redis-server is not installed, so the test stack shares your Redis. Do not run npm start at the same time: ' +
      'the two stacks would answer each other’s requests.',
  );
  return findRedis({ root, userEnv: { ...userEnv, KITTY_REDIS: undefined }, supervisor, say });
}

/**
 * @param {{ supervisor: Supervisor, port: number, dataDir: string, persist: boolean }} options
 * @returns {Promise<Service>}
 */
async function spawnRedis({ supervisor, port, dataDir, persist }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dataDir,
    '--maxmemory-policy',
    'noeviction',
    '--daemonize',
    'no',
    '--save',
    persist ? '60 1' : '',
    '--appendonly',
    persist ? 'yes' : 'no',
  ];
  const proc = supervisor.start('redis', 'redis-server', args);
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while ((await probe(url)) !== 'ok') {
    if (proc.exitInfo || Date.now() > deadline) {
      throw new Error(`redis-server did not start on port ${port}:\n${supervisor.tail(proc, 20)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    source: `redis-server started on 127.0.0.1:${port}${persist ? `, data in ${dataDir}` : ''}`,
    stop: () => supervisor.stop(proc),
    proc,
  };
}

module.exports = { probe, findRedis, privateRedis };
