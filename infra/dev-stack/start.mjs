// `npm start`: installs what is missing, then runs the whole stack (see docs/dev-stack.md).
import { execFileSync, spawn } from 'node:child_process';
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
    'npm start [-- --no-build] [-- --no-install] [-- --shipped-node]\n\n' +
      '--shipped-node runs the stack on the Node.js the images ship (fetched once from the npm registry).\n\n' +
      'Every app gets (your own values win):',
  );
  for (const v of VARIABLES) console.log(`  ${v.name.padEnd(26)} ${v.description}`);
  console.log('\nThe launcher reads:');
  for (const v of LAUNCHER_VARIABLES) console.log(`  ${v.name.padEnd(26)} ${v.description}`);
  process.exit(0);
}

try {
  if (!argv.includes('--no-install')) await require('./lib/install.js').ensureInstalled(root, say);
  if (argv.includes('--shipped-node') && !process.env.KITTY_SHIPPED_NODE) {
    // The launcher starts every app with its own Node (process.execPath): run it again under the one the
    // images ship (infra/images/shipped-node.mjs prints its path, fetching it the first time).
    say.step('Node.js as the images ship it');
    const node = execFileSync(process.execPath, [path.join(root, 'infra/images/shipped-node.mjs')])
      .toString()
      .trim();
    const child = spawn(node, [fileURLToPath(import.meta.url), ...argv, '--no-install'], {
      stdio: 'inherit',
      env: { ...process.env, KITTY_SHIPPED_NODE: node },
    });
    for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
      process.on(signal, () => child.kill(signal));
    child.on('exit', (code) => process.exit(code ?? 1));
    await new Promise(() => undefined);
  }
  // Loaded only now: it needs the dependencies installed above.
  await require('./lib/develop.js').runDevelopment(argv);
} catch (error) {
  say.fail(/** @type {Error} */ (error).message);
  process.exit(1);
}
