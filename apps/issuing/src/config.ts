import {
  baseConfigSchema,
  databaseConfigSchema,
  loadConfig,
  refuseSandboxInProduction,
  stripeConfigShape,
} from '@kitty/nest-common';
import { z } from 'zod';

export const issuingConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().default(3104),
    ...stripeConfigShape,
    /**
     * The bank account token a new payment account gets as its payout destination. Stripe's GB test bank
     * account (`btok_gb`) until users link their own bank account.
     */
    PAYOUT_BANK_ACCOUNT_TOKEN: z
      .string()
      .regex(/^btok_\w+$/)
      .default('btok_gb'),
    /**
     * Hours withdrawals to a bank account wait after it replaced another one: time for the owner, told by
     * e-mail and in the app, to act before money can follow a change they did not make. A first bank
     * account is not a change and does not wait.
     */
    BANK_ACCOUNT_COOLING_OFF_HOURS: z.coerce.number().min(0).max(720).default(24),
    /** Issuing events (captures, reversals) handled at once by one replica. */
    ISSUING_EVENT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  })
  .superRefine(refuseSandboxInProduction);

export type IssuingConfig = z.infer<typeof issuingConfigSchema>;
export const ISSUING_CONFIG = Symbol('ISSUING_CONFIG');

export const loadIssuingConfig = () => loadConfig(issuingConfigSchema, process.env);
/** Just the database settings (tests that bring their own Stripe). */
export const loadDatabaseConfig = () => loadConfig(databaseConfigSchema, process.env);
