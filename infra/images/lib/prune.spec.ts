import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { copyPackages, dependencyClosure, packageNameOf, requiredPackages } from './prune';

/** Writes files (path → content) under a fresh temporary root. */
function tree(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'prune-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}
const manifest = (name: string, fields: Record<string, unknown> = {}) => JSON.stringify({ name, ...fields });

describe('packageNameOf', () => {
  it.each([
    ['lodash', 'lodash'],
    ['lodash/fp', 'lodash'],
    ['@nestjs/core', '@nestjs/core'],
    ['@prisma/client/runtime/client', '@prisma/client'],
    ['./local', null],
    ['/abs/path', null],
    ['fs', null],
    ['node:crypto', null],
    ['fs/promises', null],
  ])('%s → %s', (specifier, name) => {
    expect(packageNameOf(specifier)).toBe(name);
  });
});

describe('dependency closure', () => {
  const root = tree({
    'dist/app/main.js': `const a = require("alpha"); import('@scope/beta/sub'); require.resolve('gamma/data.json'); require('./own'); require('node:fs');`,
    'dist/app/own.js': `module.exports = require('alpha');`,
    'node_modules/alpha/package.json': manifest('alpha', { dependencies: { delta: '1' } }),
    'node_modules/alpha/index.js': '',
    'node_modules/alpha/index.d.ts': '',
    'node_modules/alpha/index.js.map': '',
    // alpha needs delta@1, nested under it; the hoisted delta@2 is someone else's.
    'node_modules/alpha/node_modules/delta/package.json': manifest('delta', { version: '1.0.0' }),
    'node_modules/delta/package.json': manifest('delta', { version: '2.0.0' }),
    'node_modules/@scope/beta/package.json': manifest('@scope/beta', {
      optionalDependencies: { 'not-installed': '1' },
      peerDependencies: { epsilon: '1', huge: '1' },
      peerDependenciesMeta: { huge: { optional: true } },
    }),
    'node_modules/huge/package.json': manifest('huge'),
    'node_modules/gamma/package.json': manifest('gamma'),
    'node_modules/gamma/data.json': '{"big": true}',
    'node_modules/epsilon/package.json': manifest('epsilon'),
    'node_modules/unused/package.json': manifest('unused'),
  });

  it('finds what the compiled code requires, and what those require (not optional peers), where Node would load them', () => {
    const names = requiredPackages(path.join(root, 'dist/app'));
    expect([...names].sort()).toEqual(['@scope/beta', 'alpha', 'gamma']);
    const { dirs, missing } = dependencyClosure(names, path.join(root, 'dist/app'), root);
    expect(dirs.map((dir) => path.relative(root, dir))).toEqual([
      'node_modules/@scope/beta',
      'node_modules/alpha',
      'node_modules/alpha/node_modules/delta',
      'node_modules/epsilon',
      'node_modules/gamma',
    ]);
    expect(missing).toEqual([]);
  });

  it('reports a required package that is not installed', () => {
    const { missing } = dependencyClosure(new Set(['ghost']), path.join(root, 'dist/app'), root);
    expect(missing).toEqual(['ghost']);
  });

  it('copies each package without the nested packages it was not asked for', () => {
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'prune-target-'));
    const { dirs } = dependencyClosure(new Set(['alpha']), path.join(root, 'dist/app'), root);
    expect(copyPackages(dirs, root, target)).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(target, 'node_modules/alpha/index.js'))).toBe(true);
    expect(fs.existsSync(path.join(target, 'node_modules/alpha/index.d.ts'))).toBe(false);
    expect(fs.existsSync(path.join(target, 'node_modules/alpha/index.js.map'))).toBe(false);
    expect(fs.existsSync(path.join(target, 'node_modules/alpha/node_modules/delta/package.json'))).toBe(true);
    expect(fs.existsSync(path.join(target, 'node_modules/delta'))).toBe(false);
    expect(fs.existsSync(path.join(target, 'node_modules/unused'))).toBe(false);
  });
});
