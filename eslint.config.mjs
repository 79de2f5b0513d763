import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each service is its own bounded context: it may use shared contracts/util libs, never another service's code.
const serviceScopes = ['gateway', 'auth', 'pots', 'payments', 'issuing', 'residency', 'notifications', 'stripe-sandbox'];

export default tseslint.config(
  { ignores: ['**/dist', '**/node_modules', '**/generated/**', '**/*.cjs', '**/coverage', '.nx', 'tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    plugins: { '@nx': nx, 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through the app config (config.ts).' },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:data', 'type:ui'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            // The suites read the contracts' published facts (deadlines, limits) instead of restating them.
            { sourceTag: 'type:test', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
            ...serviceScopes.map((scope) => ({
              sourceTag: `scope:${scope}`,
              onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared', 'scope:server'],
            })),
          ],
        },
      ],
    },
  },
  {
    // Dev tooling that runs with plain `node` before anything is built.
    files: ['infra/**/*.js', 'infra/**/*.mjs', 'libs/api-client/scripts/**/*.mjs', 'tests/**/*.mjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['infra/**/*.mjs', 'libs/api-client/scripts/**/*.mjs', 'tests/**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: ['**/config.ts', '**/*.config.ts', 'infra/**', 'tests/**', 'bench/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
