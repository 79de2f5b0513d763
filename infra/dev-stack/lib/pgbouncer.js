// @ts-check
'use strict';
// PgBouncer in transaction mode in front of a run's PostgreSQL (KITTY_PGBOUNCER=on npm test), as production
// runs it once replicas multiply connections (docs/scaling.md#a-postgres-pooler). Each app reaches it under a
// database entry of its own, `<database>_<app>`, whose server connections set the app's search_path: a
// pooler in transaction mode refuses the `options` startup parameter that sets it otherwise.
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ephemeralPort } = require('./ports');

/** @typedef {import('./supervisor').Supervisor} Supervisor */

/** Server connections per app entry: each app's replicas share them (transaction mode lends one per transaction). */
const POOL_PER_APP = 10;
/** What the apps' DATABASE_POOLER=transaction is written for: a server connection lent per transaction. */
const POOL_MODE = 'pool_mode = transaction';

/** Why PgBouncer cannot run here, or null. */
function pgbouncerUnavailable() {
  const version = spawnSync('pgbouncer', ['--version'], { encoding: 'utf8' });
  return version.status === 0 ? null : 'pgbouncer is not installed (apt-get install -y pgbouncer)';
}

/**
 * PgBouncer refuses to run as root: as root, it runs as the machine's `postgres` (or `nobody`) account.
 * @returns {{ uid?: number, gid?: number }}
 */
function account() {
  if (process.getuid?.() !== 0) return {};
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error(
    'Running as root, and neither a `postgres` nor a `nobody` account exists to run PgBouncer as.',
  );
}

/**
 * The `[databases]` lines: one entry `<prefix>_<app>` per app on `server` (libpq keywords), whose server
 * connections set that app's search_path. Shared with the pgbouncer image (infra/images/build.mjs).
 * @param {{ prefix: string, server: string, apps: string[] }} options
 */
function databaseEntries({ prefix, server, apps }) {
  return apps.map(
    (app) =>
      `${prefix}_${app} = ${server} connect_query='SET search_path TO "${app}"' pool_size=${POOL_PER_APP}`,
  );
}

/**
 * The pgbouncer.ini for these apps in front of `databaseUrl`.
 * @param {{ databaseUrl: string, apps: string[], port: number, dir: string }} options
 */
function pgbouncerIni({ databaseUrl, apps, port, dir }) {
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  // A server that asks for a password (the testcontainers PostgreSQL does) gets the run's, from its URL.
  const password = target.password
    ? ` password='${decodeURIComponent(target.password).replace(/'/g, "\\'")}'`
    : '';
  const server = `host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${decodeURIComponent(target.username || 'postgres')}${password}`;
  return [
    '[databases]',
    ...databaseEntries({ prefix: database, server, apps }),
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    POOL_MODE,
    // Only this run's apps reach the pooler, on loopback; it signs in to PostgreSQL as the run's role.
    'auth_type = any',
    'max_client_conn = 5000',
    // The run's fresh database is created after the pooler may have looked it up.
    'server_login_retry = 1',
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
    '',
  ].join('\n');
}

/**
 * Starts PgBouncer for `apps` in front of `databaseUrl`; `urlFor(app)` is what that app's DATABASE_URL is.
 * @param {{ supervisor: Supervisor, databaseUrl: string, apps: string[], dir: string }} options
 */
async function startPgbouncer({ supervisor, databaseUrl, apps, dir }) {
  const port = await ephemeralPort();
  fs.mkdirSync(dir, { recursive: true });
  const ids = account();
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(ini, pgbouncerIni({ databaseUrl, apps, port, dir }), { mode: 0o600 });
  if (ids.uid !== undefined)
    for (const owned of [dir, ini]) fs.chownSync(owned, ids.uid, /** @type {number} */ (ids.gid));
  const proc = supervisor.start('pgbouncer', 'pgbouncer', [ini], { ...ids });
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (proc.exitInfo) throw new Error(`PgBouncer stopped while starting:\n${supervisor.tail(proc, 20)}`);
    if (Date.now() > deadline)
      throw new Error(`PgBouncer did not listen within 15 s:\n${supervisor.tail(proc, 20)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const target = new URL(databaseUrl);
  return {
    port,
    proc,
    /** @param {string} app */
    urlFor(app) {
      const url = new URL(databaseUrl);
      url.host = `127.0.0.1:${port}`;
      url.pathname = `/${target.pathname.slice(1)}_${app}`;
      return url.toString();
    },
    stop: () => supervisor.stop(proc, { signal: 'SIGINT', graceMs: 5_000 }),
  };
}

/** @param {number} port */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

module.exports = { POOL_MODE, databaseEntries, pgbouncerIni, pgbouncerUnavailable, startPgbouncer };
