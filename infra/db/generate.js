// @ts-check
// `prisma generate` for each app's schema, offline. Usage: node infra/db/generate.js [app...]
// Output goes where each schema's generator says: apps/<app>/src/generated/prisma.
'use strict';

const { spawnSync } = require('node:child_process');
const { ROOT, UserError, appPaths, parseArgs, selectApps } = require('./apps.js');

const prismaCli = require.resolve('prisma/build/index.js');
const env = {
  ...process.env,
  // The CLI downloads its native schema engine before any command unless this names an existing file;
  // `generate` never runs it, so any file will do (this one fails loudly if that ever changes).
  PRISMA_SCHEMA_ENGINE_BINARY: __filename,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1', // no version check / telemetry call to checkpoint.prisma.io
};

function main() {
  const { appsDir, args } = parseArgs(process.argv.slice(2));
  for (const app of selectApps(appsDir, args)) {
    // No prisma.config.ts: with --schema the CLI needs none for generate (the datasource has no url).
    const result = spawnSync(
      process.execPath,
      [prismaCli, 'generate', '--no-hints', '--schema', appPaths(appsDir, app).schema],
      {
        cwd: ROOT,
        env,
        stdio: 'inherit',
      },
    );
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(error instanceof UserError ? error.message : error);
  process.exitCode = 1;
}
