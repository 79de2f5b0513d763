const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: __dirname,
  displayName: 'web',
  testEnvironment: '<rootDir>/jest.environment.cjs',
  setupFiles: ['<rootDir>/src/test/setup.ts'],
  restoreMocks: true,
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': '<rootDir>/src/test/style-stub.cjs' },
};
