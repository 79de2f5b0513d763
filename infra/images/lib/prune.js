// @ts-check
'use strict';
// What of node_modules a built app needs at run time, so each image carries only that: the
// packages its compiled JavaScript requires, and theirs, found the way Node finds them.
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
// require('x'), require.resolve('x'), import('x') and static imports, with a literal specifier.
const SPECIFIER = /(?:\brequire(?:\.resolve)?\(\s*|\bimport\(\s*|\bfrom\s+)(['"])([^'"\n]+)\1/g;

/**
 * 'lodash/fp' → 'lodash', '@scope/pkg/sub' → '@scope/pkg'; null for relative, absolute and built-ins.
 * @param {string} specifier
 * @returns {string | null}
 */
function packageNameOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || BUILTINS.has(specifier)) return null;
  if (BUILTINS.has(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? (parts.length >= 2 ? `${parts[0]}/${parts[1]}` : null) : parts[0];
}

/**
 * Every package name the JavaScript files under `dir` require.
 * @param {string} dir
 * @returns {Set<string>}
 */
function requiredPackages(dir) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {string} current */
  const visit = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') visit(full);
      } else if (/\.(c|m)?js$/.test(entry.name)) {
        for (const match of fs.readFileSync(full, 'utf8').matchAll(SPECIFIER)) {
          const name = packageNameOf(match[2]);
          if (name) names.add(name);
        }
      }
    }
  };
  visit(dir);
  return names;
}

/**
 * The directory Node would load package `name` from when required in `fromDir`; null if none.
 * @param {string} name
 * @param {string} fromDir
 * @param {string} root
 * @returns {string | null}
 */
function resolvePackageDir(name, fromDir, root) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (dir === root || dir === path.dirname(dir)) return null;
  }
}

/**
 * The package directories (absolute) needed by `names` required from `fromDir`, with their dependencies,
 * and the optional and non-optional peer dependencies that are installed. A required package that is not installed is
 * reported in `missing` (the app would fail to start; optional ones are skipped silently).
 * @param {Iterable<string>} names
 * @param {string} fromDir
 * @param {string} root
 * @returns {{ dirs: string[], missing: string[] }}
 */
function dependencyClosure(names, fromDir, root) {
  /** @type {Set<string>} */
  const dirs = new Set();
  /** @type {Set<string>} */
  const missing = new Set();
  const queue = [...names].map((name) => ({ name, from: fromDir, required: true }));
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next) break;
    const dir = resolvePackageDir(next.name, next.from, root);
    if (!dir) {
      if (next.required) missing.add(next.name);
      continue;
    }
    if (dirs.has(dir)) continue;
    dirs.add(dir);
    /** @type {Record<string, Record<string, string> | undefined>} */
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(manifest.dependencies ?? {}))
      queue.push({ name: dep, from: dir, required: true });
    for (const dep of Object.keys(manifest.optionalDependencies ?? {}))
      queue.push({ name: dep, from: dir, required: false });
    // A peer the package cannot do without (e.g. @nestjs/core for @nestjs/microservices); optional peers
    // (prisma and typescript for @prisma/client) are the app's to require, or not.
    const peersMeta = /** @type {Record<string, { optional?: boolean }>} */ (
      /** @type {unknown} */ (manifest.peerDependenciesMeta ?? {})
    );
    for (const dep of Object.keys(manifest.peerDependencies ?? {}))
      if (!peersMeta[dep]?.optional) queue.push({ name: dep, from: dir, required: false });
  }
  return { dirs: [...dirs].sort(), missing: [...missing].sort() };
}

/** Files no running app reads: type declarations, source maps, and Prisma's engines for other databases. */
const NOT_AT_RUN_TIME = [
  /\.d\.[cm]?ts$/,
  /\.map$/,
  /[\\/]@prisma[\\/]client[\\/]runtime[\\/].*\.(cockroachdb|mysql|sqlite|sqlserver)\./,
];

/**
 * Copies the packages `dirs` (under `root`) to the same places under `target`, each without its nested
 * node_modules (the nested packages it needs are in `dirs` themselves) and without what is never loaded
 * (NOT_AT_RUN_TIME). Returns the bytes copied.
 * @param {string[]} dirs
 * @param {string} root
 * @param {string} target
 * @returns {number}
 */
function copyPackages(dirs, root, target) {
  let bytes = 0;
  for (const dir of dirs) {
    const relative = path.relative(root, dir);
    fs.cpSync(dir, path.join(target, relative), {
      recursive: true,
      filter: (source) => {
        if (source !== dir && path.relative(dir, source).split(path.sep).includes('node_modules'))
          return false;
        if (NOT_AT_RUN_TIME.some((pattern) => pattern.test(source))) return false;
        const stat = fs.lstatSync(source);
        if (stat.isFile()) bytes += stat.size;
        return true;
      },
    });
  }
  return bytes;
}

module.exports = { packageNameOf, requiredPackages, resolvePackageDir, dependencyClosure, copyPackages };
