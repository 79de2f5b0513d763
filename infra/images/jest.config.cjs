// The image builder's helpers: which packages each image carries.
module.exports = {
  ...require('../../jest.preset.cjs'),
  rootDir: __dirname,
  displayName: 'images',
};
