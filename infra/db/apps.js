// @ts-check
// Where the per-service Prisma schemas live; shared by migrate.js and generate.js.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

/**
 * Splits `--apps-dir <dir>` (used by the tests to work on a copy) from the other arguments.
 * @param {string[]} argv
 * @returns {{ appsDir: string, args: string[] }}
 */
function parseArgs(argv) {
  const args = [...argv];
  const at = args.indexOf('--apps-dir');
  if (at === -1) return { appsDir: path.join(ROOT, 'apps'), args };
  const [, dir] = args.splice(at, 2);
  if (!dir) throw new UserError('--apps-dir needs a directory');
  return { appsDir: path.resolve(dir), args };
}

/**
 * Every app that owns a Prisma schema, in name order.
 * @param {string} appsDir
 */
function listApps(appsDir) {
  if (!fs.existsSync(appsDir)) return [];
  return fs
    .readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(appPaths(appsDir, entry.name).schema))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The apps named on the command line, or all of them; an unknown name is an error, not a silent no-op.
 * @param {string} appsDir
 * @param {string[]} names
 */
function selectApps(appsDir, names) {
  const all = listApps(appsDir);
  const unknown = names.filter((name) => !all.includes(name));
  if (unknown.length > 0) {
    throw new UserError(
      `No prisma/schema.prisma for: ${unknown.join(', ')} (apps with one: ${all.join(', ') || 'none'})`,
    );
  }
  return names.length > 0 ? names : all;
}

/**
 * @param {string} appsDir
 * @param {string} app
 */
function appPaths(appsDir, app) {
  const prismaDir = path.join(appsDir, app, 'prisma');
  const migrations = path.join(prismaDir, 'migrations');
  return {
    schema: path.join(prismaDir, 'schema.prisma'),
    migrations,
    lockfile: path.join(migrations, 'migration_lock.toml'),
    snapshot: path.join(migrations, 'schema.snapshot.prisma'),
  };
}

/** An error the user caused and can fix: printed as its message, without a stack. */
class UserError extends Error {}

module.exports = { ROOT, UserError, appPaths, listApps, parseArgs, selectApps };
