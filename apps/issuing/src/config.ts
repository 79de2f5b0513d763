import { baseConfigSchema, databaseConfigSchema, loadConfig } from '@kitty/nest-common';
import { z } from 'zod';

export const issuingConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().default(3104),
    /** Stripe API key. Locally any `sk_test_…` works against the sandbox. */
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key'),
    /** The local Stripe sandbox (e.g. http://127.0.0.1:12111); unset means real Stripe. */
    STRIPE_API_URL: z.url().optional(),
    /**
     * The bank account token a new payment account gets as its payout destination. Stripe's GB test bank
     * account (`btok_gb`) until users link their own bank account.
     */
    PAYOUT_BANK_ACCOUNT_TOKEN: z
      .string()
      .regex(/^btok_\w+$/)
      .default('btok_gb'),
    /** Issuing events (captures, reversals) handled at once by one replica. */
    ISSUING_EVENT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.STRIPE_API_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_URL'],
        message: 'the sandbox is not for production',
      });
  });

export type IssuingConfig = z.infer<typeof issuingConfigSchema>;
export const ISSUING_CONFIG = Symbol('ISSUING_CONFIG');

export const loadIssuingConfig = () => loadConfig(issuingConfigSchema, process.env);
/** Just the database settings (tests that bring their own Stripe). */
export const loadDatabaseConfig = () => loadConfig(databaseConfigSchema, process.env);
