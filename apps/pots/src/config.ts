import { baseConfigSchema, databaseConfigSchema, loadConfig } from '@kitty/nest-common';
import { z } from 'zod';

export const potsConfigSchema = baseConfigSchema.extend(databaseConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().default(3102),
  /** Where invitation links point (the web app). */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Ledger balance events applied at once by one replica (each one short transaction on its pot). */
  POT_BALANCE_WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(5),
  /** How often the schedule records due recurring expenses (a rule due today is recorded as it is set up). */
  RECURRING_EXPENSES_EVERY_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(10 * 60_000),
});

export type PotsConfig = z.infer<typeof potsConfigSchema>;
export const POTS_CONFIG = Symbol('POTS_CONFIG');

export const loadPotsConfig = () => loadConfig(potsConfigSchema, process.env);
