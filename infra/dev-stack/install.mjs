// `npm ci` for CI and fresh clones, with the one fallback this registry needs (see lib/install.js).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { say } = require('./lib/output.js');

try {
  await require('./lib/install.js').cleanInstall(root, say);
} catch (error) {
  say.fail(/** @type {Error} */ (error).message);
  process.exitCode = 1;
}
