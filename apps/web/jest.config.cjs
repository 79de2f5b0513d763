const { availableParallelism } = require('node:os');

const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: __dirname,
  displayName: 'web',
  testEnvironment: '<rootDir>/jest.environment.cjs',
  setupFiles: ['<rootDir>/src/test/setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/test/dom-matchers.ts'],
  restoreMocks: true,
  // antd in jsdom is heavy and CI machines are shared: room for a test's waits (each up to 30 s, see
  // src/test/setup.ts), as one test may open two lazily loaded pages.
  testTimeout: 90_000,
  // The longest task of `npm test`'s unit phase, alone for its last minutes: jest's default (cores − 1) would
  // leave one of CI's two cores idle then.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.css$': '<rootDir>/src/test/style-stub.cjs',
    // antd's styles outside the document: jsdom matched every rule on each getComputedStyle (the file says why).
    '^@rc-component/util/lib/Dom/dynamicCSS$': '<rootDir>/src/test/detached-css.cjs',
    // @ant-design/icons' CommonJS build requires an ES module file of @ant-design/colors: use its CommonJS twin.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    // ui/inline-icons reads antd's icon data from its ES modules; jest takes the CommonJS twins.
    '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
  },
};
