// `npm start`: installs what is missing, then runs the whole stack (see docs/dev-stack.md).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { say } = require('./lib/output.js');
const argv = process.argv.slice(2);

if (argv.includes('--help')) {
  const { VARIABLES, LAUNCHER_VARIABLES } = require('./lib/env.js');
  console.log(
    'npm start [-- --no-build] [-- --no-install]\n\n' +
      'The apps run on the Node.js the images ship (fetched once from the npm registry); KITTY_NODE=machine\n' +
      "runs them on this machine's.\n\n" +
      'Every app gets (your own values win):',
  );
  for (const v of VARIABLES) console.log(`  ${v.name.padEnd(26)} ${v.description}`);
  console.log('\nThe launcher reads:');
  for (const v of LAUNCHER_VARIABLES) console.log(`  ${v.name.padEnd(26)} ${v.description}`);
  process.exit(0);
}

try {
  const installStarted = Date.now();
  if (!argv.includes('--no-install')) await require('./lib/install.js').ensureInstalled(root, say);
  // Loaded only now: it needs the dependencies installed above.
  await require('./lib/develop.js').runDevelopment(argv, process.env, {
    startedAt: installStarted,
    installMs: Date.now() - installStarted,
  });
} catch (error) {
  say.fail(/** @type {Error} */ (error).message);
  process.exit(1);
}
