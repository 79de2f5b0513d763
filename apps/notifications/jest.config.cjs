const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: __dirname,
  displayName: 'notifications',
  // The generated Prisma client imports its siblings as `./x.js` (ESM style); jest resolves the `.ts` files.
  moduleNameMapper: { ...preset.moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' },
};
