import { loadSandboxConfig } from './config';

describe('loadSandboxConfig', () => {
  it('has working defaults', () => {
    const config = loadSandboxConfig({});
    expect(config).toMatchObject({
      port: 12111,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:12111',
      webhooks: { urls: [], enabledEvents: [], secret: 'whsec_sandbox', maxAttempts: 8, retryBaseMs: 1000 },
      asyncPaymentDelayMs: 3000,
      payoutDelays: { settlementMs: 2000, returnMs: 10_000 },
      dataDir: null,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads the webhook endpoints and delays', () => {
    const config = loadSandboxConfig({
      SANDBOX_PORT: '4100',
      SANDBOX_WEBHOOK_URLS: 'http://127.0.0.1:3000/api/webhooks/stripe, http://127.0.0.1:9000/hook',
      SANDBOX_WEBHOOK_EVENTS: 'checkout.session.completed,payout.paid',
      SANDBOX_ASYNC_PAYMENT_DELAY_MS: '10',
      SANDBOX_PAYOUT_RETURN_DELAY_MS: '250',
      SANDBOX_PUBLIC_URL: 'http://sandbox.local:4100/',
    });
    expect(config.webhooks.urls).toEqual([
      'http://127.0.0.1:3000/api/webhooks/stripe',
      'http://127.0.0.1:9000/hook',
    ]);
    expect(config.webhooks.enabledEvents).toEqual(['checkout.session.completed', 'payout.paid']);
    expect(config.asyncPaymentDelayMs).toBe(10);
    expect(config.payoutDelays.returnMs).toBe(250);
    expect(config.publicUrl).toBe('http://sandbox.local:4100');
  });

  it('falls back to HTTP_PORT, which the dev-stack launcher sets', () => {
    expect(loadSandboxConfig({ HTTP_PORT: '3190' })).toMatchObject({
      port: 3190,
      publicUrl: 'http://localhost:3190',
    });
    expect(loadSandboxConfig({ HTTP_PORT: '3190', SANDBOX_PORT: '3191' }).port).toBe(3191);
  });

  it('leaves the public URL to be derived when listening on a random port', () => {
    expect(loadSandboxConfig({ SANDBOX_PORT: '0' }).publicUrl).toBeNull();
  });

  it('names every invalid variable', () => {
    const load = () =>
      loadSandboxConfig({
        SANDBOX_PORT: 'x',
        SANDBOX_WEBHOOK_URLS: 'not a url',
        SANDBOX_PAYOUT_DELAY_MS: '-1',
      });
    expect(load).toThrow(/SANDBOX_PORT/);
    expect(load).toThrow(/SANDBOX_WEBHOOK_URLS/);
    expect(load).toThrow(/SANDBOX_PAYOUT_DELAY_MS/);
  });

  it('never runs in production', () => {
    expect(() => loadSandboxConfig({ NODE_ENV: 'production' })).toThrow(/never runs in production/);
  });

  it('refuses a retry cap below the first retry delay', () => {
    expect(() =>
      loadSandboxConfig({ SANDBOX_WEBHOOK_RETRY_BASE_MS: '5000', SANDBOX_WEBHOOK_RETRY_MAX_MS: '1000' }),
    ).toThrow(/SANDBOX_WEBHOOK_RETRY_MAX_MS/);
  });
});
