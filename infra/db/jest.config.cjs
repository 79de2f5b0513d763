const preset = require('../../jest.preset.cjs');

// Integration tests: real Postgres, the CLI in child processes, prisma generate once.
module.exports = { ...preset, rootDir: __dirname, displayName: 'db-tools', testTimeout: 60_000 };
