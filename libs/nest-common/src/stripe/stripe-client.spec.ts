import { z } from 'zod';

import { createStripeClient, refuseSandboxInProduction, stripeConfigShape } from './stripe-client';

describe('Stripe client settings', () => {
  const schema = z
    .object({ NODE_ENV: z.string(), ...stripeConfigShape })
    .superRefine((config, ctx) => refuseSandboxInProduction(config, ctx));

  it('takes a secret key and, outside production, the sandbox URL', () => {
    expect(
      schema.safeParse({
        NODE_ENV: 'development',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).success,
    ).toBe(true);
  });

  it.each([
    ['a publishable key', { NODE_ENV: 'development', STRIPE_SECRET_KEY: 'pk_test_x' }],
    [
      'the sandbox in production',
      { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_API_URL: 'http://sandbox' },
    ],
  ])('refuses %s', (_, env) => expect(schema.safeParse(env).success).toBe(false));

  it('points the SDK at the sandbox when asked, at Stripe otherwise', () => {
    const sandbox = createStripeClient({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(sandbox.getApiField('host')).toBe('127.0.0.1');
    expect(sandbox.getApiField('port')).toBe(12111);
    expect(sandbox.getApiField('protocol')).toBe('http');
    const real = createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(real.getApiField('host')).toBe('api.stripe.com');
  });
});
