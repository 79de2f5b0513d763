import path from 'node:path';

import {
  appsForRun,
  buildProjects,
  envKey,
  loadRegistry,
  normaliseRegistry,
  replicaCounts,
} from './registry';

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
      replicated: true,
      opsPort: null,
    });
  });

  it('runs one replica of each app for npm start, three in tests, KITTY_REPLICAS and KITTY_<APP>_REPLICAS override', () => {
    const registry = normaliseRegistry(
      root,
      [
        { name: 'gateway', port: 3000, public: true },
        { name: 'auth', port: 3101 },
        { name: 'stripe-sandbox', port: 12111, replicated: false },
      ],
      null,
    );
    expect(replicaCounts(registry, { mode: 'development', userEnv: {} })).toEqual({
      gateway: 1,
      auth: 1,
      'stripe-sandbox': 1,
    });
    expect(replicaCounts(registry, { mode: 'test', userEnv: {} })).toEqual({
      gateway: 3,
      auth: 3,
      'stripe-sandbox': 1,
    });
    expect(
      replicaCounts(registry, {
        mode: 'development',
        userEnv: { KITTY_REPLICAS: '2', KITTY_AUTH_REPLICAS: '4' },
      }),
    ).toEqual({ gateway: 2, auth: 4, 'stripe-sandbox': 1 });
    expect(() => replicaCounts(registry, { mode: 'test', userEnv: { KITTY_REPLICAS: '0' } })).toThrow(
      'KITTY_REPLICAS=0: expected a whole number from 1 to 16.',
    );
  });

  it('never replicates the Stripe sandbox (not our service)', () => {
    const registry = loadRegistry(path.resolve(__dirname, '../../..'), undefined);
    const sandbox = registry.apps.find((app) => app.name === 'stripe-sandbox');
    expect(sandbox?.replicated).toBe(false);
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

  it('leaves out the apps whose startIf says no for this run', () => {
    const registry = normaliseRegistry(
      root,
      [
        { name: 'gateway', port: 3000, public: true },
        { name: 'sandbox', port: 12111, startIf: ({ mode, userEnv }) => mode === 'test' || !userEnv.REAL },
      ],
      null,
    );
    const names = (mode: 'development' | 'test', userEnv: NodeJS.ProcessEnv) =>
      appsForRun(registry, { mode, userEnv }).apps.map((app) => app.name);
    expect(names('development', {})).toEqual(['gateway', 'sandbox']);
    expect(names('development', { REAL: '1' })).toEqual(['gateway']);
    expect(names('test', { REAL: '1' })).toEqual(['gateway', 'sandbox']);
  });

  it('does not start the Stripe sandbox in development when a real Stripe key is configured', () => {
    const registry = loadRegistry(path.resolve(__dirname, '../../..'), undefined);
    const names = (userEnv: NodeJS.ProcessEnv) =>
      appsForRun(registry, { mode: 'development', userEnv }).apps.map((app) => app.name);
    expect(names({})).toContain('stripe-sandbox');
    expect(names({ STRIPE_SECRET_KEY: 'sk_live_x' })).not.toContain('stripe-sandbox');
  });

  it('names per-app port variables', () => {
    expect(envKey('stripe-sandbox')).toBe('STRIPE_SANDBOX');
  });
});
