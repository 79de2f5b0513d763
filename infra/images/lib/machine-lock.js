// @ts-check
'use strict';
// One deploy test per machine. Two clones' npm test runs (a developer's and CI's, say) share podman's
// containers, project name and the host ports docker-compose.yml publishes: run together, one's `down`
// removes the other's stack mid-test, which then fails as "no answer from the gateway". The second waits.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

/**
 * @param {number} pid
 * @returns {boolean}
 */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Takes the machine-wide lock `name` for this process (released when it exits), waiting while another
 * live process holds it. A lock left by a process that died is taken over.
 * @param {string} name
 * @param {{ waitMs: number, say: (message: string) => void, dir?: string }} options
 * @returns {boolean} false when the holder did not let go within `waitMs`
 */
function holdMachineLock(name, { waitMs, say, dir = os.tmpdir() }) {
  const file = path.join(dir, `kitty-${name}.lock`);
  const deadline = Date.now() + waitMs;
  let announced = false;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      process.on('exit', () => {
        if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file, { force: true });
      });
      return true;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(file, 'utf8'));
    if (!Number.isInteger(holder) || holder <= 0 || !isRunning(holder)) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) return false;
    if (!announced) say(`another ${name} (pid ${holder}) holds ${file}: waiting for it to finish`);
    announced = true;
    spawnSync('sleep', ['2']);
  }
}

module.exports = { holdMachineLock };
