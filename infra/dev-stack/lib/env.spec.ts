import { appEnv, LAUNCHER_VARIABLES, sharedEnv, usesStripeSandbox, VARIABLES } from './env';

const context = (mode: 'development' | 'test', stripeSandboxPort: number | null = 12111) => ({
  mode,
  databaseUrl: 'postgresql://postgres@127.0.0.1:5432/kitty',
  redisUrl: 'redis://127.0.0.1:6379',
  publicUrl: 'http://localhost:3000',
  webDistDir: '/repo/dist/apps/web',
  smtpPort: 1025,
  mailWebPort: 1080,
  jwtAccessSecret: 's'.repeat(64),
  opsPassword: 'o'.repeat(32),
  emailLinkSecret: 'e'.repeat(64),
  queuePrefix: 'kitty',
  gatewayPort: 3000,
  stripeWebhookSecret: 'whsec_generated',
  stripeConnectWebhookSecret: 'whsec_generated_connect',
  stripeSandboxPort,
  stripeSandboxDataDir: '/repo/.kitty/stripe-sandbox',
});

describe('app environment', () => {
  it('gives every documented variable its development default', () => {
    expect(sharedEnv(context('development'), {})).toEqual({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/kitty',
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: 'kitty',
      JWT_ACCESS_SECRET: 's'.repeat(64),
      EMAIL_LINK_SECRET: 'e'.repeat(64),
      OPS_PASSWORD: 'o'.repeat(32),
      PUBLIC_URL: 'http://localhost:3000',
      WEB_ORIGIN: 'http://localhost:3000',
      WEB_DIST_DIR: '/repo/dist/apps/web',
      TRUSTED_PROXIES: '',
      RESIDENCY_DEFAULT_COUNTRY: 'GB',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAILDEV_URL: 'http://127.0.0.1:1080',
      SUPPORT_EMAIL: 'support@kitty.example',
      SUPPORT_PHONE: '+44 20 7946 0000',
      MAIL_FROM: 'Kitty <no-reply@kitty.example>',
      STRIPE_SECRET_KEY: 'sk_test_kitty_sandbox',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      STRIPE_WEBHOOK_SECRET: 'whsec_generated',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_generated_connect',
      SANDBOX_WEBHOOK_SECRET: 'whsec_generated',
      SANDBOX_WEBHOOK_URLS: 'http://127.0.0.1:3000/api/webhooks/stripe',
      SANDBOX_CONNECT_WEBHOOK_SECRET: 'whsec_generated_connect',
      SANDBOX_CONNECT_WEBHOOK_URLS: 'http://127.0.0.1:3000/api/webhooks/stripe/connect',
      SANDBOX_PUBLIC_URL: 'http://localhost:12111',
      SANDBOX_DATA_DIR: '/repo/.kitty/stripe-sandbox',
    });
  });

  it('starts the Stripe sandbox unless real Stripe is configured (a key and no API URL), always in tests', () => {
    const real = { STRIPE_SECRET_KEY: 'sk_live_x' };
    expect(usesStripeSandbox({ mode: 'development', userEnv: {} })).toBe(true);
    expect(usesStripeSandbox({ mode: 'development', userEnv: real })).toBe(false);
    expect(
      usesStripeSandbox({ mode: 'development', userEnv: { ...real, STRIPE_API_URL: 'http://127.0.0.1:9' } }),
    ).toBe(true);
    expect(usesStripeSandbox({ mode: 'test', userEnv: real })).toBe(true);
  });

  it('with real Stripe, passes the user’s key and secret on and sets no sandbox variable', () => {
    const env = sharedEnv(context('development', null), {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_live',
    });
    expect(env.STRIPE_SECRET_KEY).toBe('sk_live_x');
    expect(env.STRIPE_WEBHOOK_SECRET).toBe('whsec_live');
    expect(Object.keys(env).filter((key) => key === 'STRIPE_API_URL' || key.startsWith('SANDBOX_'))).toEqual(
      [],
    );
  });

  it('in tests, points Stripe at the run’s own sandbox and signs webhooks with the run’s secret', () => {
    const env = sharedEnv(
      { ...context('test', 40123), gatewayPort: 40100 },
      {
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_live',
      },
    );
    expect(env).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_kitty_sandbox',
      STRIPE_API_URL: 'http://127.0.0.1:40123',
      STRIPE_WEBHOOK_SECRET: 'whsec_generated',
      SANDBOX_WEBHOOK_SECRET: 'whsec_generated',
      SANDBOX_WEBHOOK_URLS: 'http://127.0.0.1:40100/api/webhooks/stripe',
    });
  });

  it("lets the user's environment win in development, WEB_ORIGIN following PUBLIC_URL", () => {
    const env = sharedEnv(context('development'), {
      PUBLIC_URL: 'https://kitty.test',
      LOG_LEVEL: 'debug',
      TRUSTED_PROXIES: '10.0.0.1',
    });
    expect(env.PUBLIC_URL).toBe('https://kitty.test');
    expect(env.WEB_ORIGIN).toBe('https://kitty.test');
    expect(env.LOG_LEVEL).toBe('debug');
    expect(env.TRUSTED_PROXIES).toBe('10.0.0.1');
  });

  it("ignores the user's environment in tests, except LOG_LEVEL", () => {
    const env = sharedEnv(context('test'), {
      DATABASE_URL: 'postgresql://elsewhere/kitty',
      NODE_ENV: 'production',
      RESIDENCY_DEFAULT_COUNTRY: 'FR',
      LOG_LEVEL: 'debug',
    });
    expect(env.NODE_ENV).toBe('test');
    expect(env.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/kitty');
    expect(env.RESIDENCY_DEFAULT_COUNTRY).toBe('GB');
    expect(env.LOG_LEVEL).toBe('debug');
    expect(sharedEnv(context('test'), {}).LOG_LEVEL).toBe('info');
  });

  it("gives each app its own HTTP_PORT on top of the user's environment", () => {
    const shared = sharedEnv(context('development'), {});
    const env = appEnv(shared, 3101, { PATH: '/usr/bin', HTTP_PORT: '9999' });
    expect(env).toMatchObject({ PATH: '/usr/bin', HTTP_PORT: '3101', NODE_ENV: 'development' });
  });

  it('describes every variable', () => {
    for (const variable of [...VARIABLES, ...LAUNCHER_VARIABLES]) expect(variable.description).toBeTruthy();
  });
});
