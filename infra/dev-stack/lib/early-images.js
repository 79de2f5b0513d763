// The deploy phase's image build (infra/images/build.mjs, 3–6 min) started as the browser tests begin, at
// the lowest CPU (and, where the kernel honours it, I/O) priority. The images need only dist/, built by then,
// and the browser phase leaves the CPU idle while pages wait: started early, .ci/run keeps within its time
// budget (docs/dev-stack.md#time-budget-ci-must-stay-under-45-minutes) while the stack keeps the CPU it needs.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');

/**
 * @typedef {{ ok: boolean, seconds: number, logFile: string }} EarlyImages
 * @param {string} root
 * @param {string} logFile where the build's output goes (shown only if it fails)
 * @returns {{ child: import('node:child_process').ChildProcess, done: Promise<EarlyImages> }}
 */
function buildImagesEarly(root, logFile) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const out = fs.openSync(logFile, 'a');
  const idleIo = spawnSync('ionice', ['-c', '3', 'true']).status === 0 ? ['ionice', '-c', '3'] : [];
  // --no-build: dist/ is this run's build, which the stack under test runs from.
  const command = ['nice', '-n', '19', ...idleIo, process.execPath, 'infra/images/build.mjs', '--no-build'];
  const child = spawn(command[0], command.slice(1), { cwd: root, stdio: ['ignore', out, out] });
  const done = new Promise((resolve) => {
    let finished = false;
    const finish = (/** @type {boolean} */ ok) => {
      if (finished) return;
      finished = true;
      fs.closeSync(out);
      resolve({ ok, seconds: seconds(), logFile });
    };
    child.once('error', () => finish(false));
    child.once('close', (code) => finish(code === 0));
  });
  return { child, done };
}

module.exports = { buildImagesEarly };
