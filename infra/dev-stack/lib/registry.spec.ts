import path from 'node:path';

import { buildProjects, envKey, loadRegistry, normaliseRegistry } from './registry';

const root = '/repo';

describe('app registry', () => {
  it('lists the apps with one public gateway on 3000 serving /api/health', () => {
    const registry = loadRegistry(path.resolve(__dirname, '../../..'), undefined);
    const gateway = registry.apps.find((app) => app.public);
    expect(gateway).toMatchObject({ name: 'gateway', port: 3000, health: '/api/health' });
    expect(new Set(registry.apps.map((app) => app.port)).size).toBe(registry.apps.length);
    expect(registry.web?.name).toBe('web');
  });

  it('derives the built entry point from the name', () => {
    const registry = normaliseRegistry(root, [{ name: 'auth', port: 3101, public: true }], null);
    expect(registry.apps[0]).toEqual({
      name: 'auth',
      port: 3101,
      health: '/health',
      public: true,
      build: true,
      entry: '/repo/dist/apps/auth/apps/auth/src/main.js',
      args: [],
    });
  });

  it('builds the Nx apps and the web app, not entries marked build: false', () => {
    const registry = normaliseRegistry(
      root,
      [
        { name: 'gateway', port: 3000, public: true },
        { name: 'stand-in', port: 3999, build: false, entry: 'x.js' },
      ],
      { name: 'web', dist: 'dist/apps/web' },
    );
    expect(buildProjects(registry)).toEqual(['gateway', 'web']);
  });

  it('rejects a registry without exactly one public app, duplicates and bad names', () => {
    expect(() => normaliseRegistry(root, [{ name: 'auth', port: 1 }], null)).toThrow('Exactly one app');
    expect(() =>
      normaliseRegistry(
        root,
        [
          { name: 'auth', port: 1, public: true },
          { name: 'auth', port: 2 },
        ],
        null,
      ),
    ).toThrow('listed twice');
    expect(() => normaliseRegistry(root, [{ name: 'Auth', port: 1, public: true }], null)).toThrow(
      'kebab-case',
    );
  });

  it('names per-app port variables', () => {
    expect(envKey('stripe-sandbox')).toBe('STRIPE_SANDBOX');
  });
});
