import { baseConfigSchema, databaseConfigSchema, loadConfig } from '@kitty/nest-common';
import { z } from 'zod';

export const paymentsConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().default(3103),
    /** Where Checkout sends the payer back and where e-mailed links point (the web app). */
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    /** Stripe API key. Locally any `sk_test_…` works against the sandbox. */
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key'),
    /** The local Stripe sandbox (e.g. http://127.0.0.1:12111); unset means real Stripe. */
    STRIPE_API_URL: z.url().optional(),
    /** Stripe events processed at once by one replica (each holds a database connection while posting). */
    STRIPE_EVENT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(5),
    /** Payout requests sent to Stripe at once by one replica. */
    PAYOUT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.STRIPE_API_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_URL'],
        message: 'the sandbox is not for production',
      });
  });

export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');

export const loadPaymentsConfig = () => loadConfig(paymentsConfigSchema, process.env);
/** Just the database settings (tests that need no Stripe key). */
export const loadDatabaseConfig = () => loadConfig(databaseConfigSchema, process.env);
