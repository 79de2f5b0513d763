import Stripe from 'stripe';
import { z } from 'zod';

/** The Stripe settings of every service that calls Stripe (payments, issuing). */
export const stripeConfigShape = {
  /** Stripe API key. Locally any `sk_test_…` works against the sandbox. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key'),
  /** The local Stripe sandbox (e.g. http://127.0.0.1:12111); unset means real Stripe. */
  STRIPE_API_URL: z.url().optional(),
};
export type StripeConfig = { STRIPE_SECRET_KEY: string; STRIPE_API_URL?: string | undefined };

/** Refuses the sandbox in production: real money only ever talks to Stripe itself. */
export function refuseSandboxInProduction(
  config: StripeConfig & { NODE_ENV: string },
  ctx: z.RefinementCtx,
): void {
  if (config.NODE_ENV === 'production' && config.STRIPE_API_URL)
    ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'the sandbox is not for production' });
}

/**
 * The Stripe API version Kitty is written against: the one the `stripe` package is generated for, which it
 * sends on every call. Stripe also wants it back where Kitty answers Stripe (the real-time authorisation).
 */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;

/** Injection token of a service's one Stripe SDK client. */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/** The Stripe SDK client: real Stripe, or the local sandbox when STRIPE_API_URL is set. */
export function createStripeClient(config: StripeConfig): Stripe {
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
      protocol: api.protocol.replace(':', '') as 'http' | 'https',
    }),
  });
}
