import {
  baseConfigSchema,
  databaseConfigSchema,
  loadConfig,
  refuseSandboxInProduction,
  stripeConfigShape,
} from '@kitty/nest-common';
import { z } from 'zod';

export const paymentsConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().default(3103),
    /** Where Checkout sends the payer back and where e-mailed links point (the web app). */
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    ...stripeConfigShape,
    /** Stripe events processed at once by one replica (each holds a database connection while posting). */
    STRIPE_EVENT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(5),
    /** Payout requests sent to Stripe at once by one replica. */
    PAYOUT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  })
  .superRefine(refuseSandboxInProduction);

export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');

export const loadPaymentsConfig = () => loadConfig(paymentsConfigSchema, process.env);
/** Just the database settings (tests that need no Stripe key). */
export const loadDatabaseConfig = () => loadConfig(databaseConfigSchema, process.env);
