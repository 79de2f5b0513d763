// Shared jest setup: SWC keeps decorator metadata for Nest DI and is ~10x faster than ts-jest.
const path = require('node:path');
const root = __dirname;

module.exports = {
  testEnvironment: 'node',
  // CI shares two cores with every other project's tests: a test that talks to a real server or walks a
  // corpus may take several seconds there, so jest's 5 s default would fail it on a busy machine only.
  testTimeout: 30_000,
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // NestJS 12 ships as ES modules: compile its packages to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/)'],
  moduleNameMapper: {
    // Generated Prisma clients import their TypeScript siblings with a .js suffix.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@kitty/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@kitty/nest-common$': path.join(root, 'libs/nest-common/src/index.ts'),
    '^@kitty/money$': path.join(root, 'libs/money/src/index.ts'),
    '^@kitty/api-client$': path.join(root, 'libs/api-client/src/index.ts'),
    '^@kitty/testing$': path.join(root, 'libs/testing/src/index.ts'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
};
