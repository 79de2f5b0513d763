module.exports = {
  ...require('../../jest.preset.cjs'),
  rootDir: __dirname,
  displayName: 'gateway',
  // bull-board's static files plugin requires content-disposition, which ships as ESM only: compile it
  // like our own code (and NestJS, as the preset does) so the operator server (ops/ops-server.ts) loads under Jest.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|content-disposition)/)'],
};
