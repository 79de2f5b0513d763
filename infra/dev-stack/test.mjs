// `npm test`: every check the project has, against a fresh database and a private stack (see docs/dev-stack.md).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { say } = require('./lib/output.js');
const argv = process.argv.slice(2);

try {
  if (!argv.includes('--no-install') && !argv.includes('--help'))
    await require('./lib/install.js').ensureInstalled(root, say);
  process.exitCode = await require('./lib/test-run.js').runTests(argv);
} catch (error) {
  say.fail(/** @type {Error} */ (error).stack ?? String(error));
  process.exitCode = 1;
}
