import { baseConfigSchema, databaseConfigSchema, loadConfig } from '@kitty/nest-common';
import { z } from 'zod';

export const residencyConfigSchema = baseConfigSchema.extend(databaseConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().default(3105),
  /**
   * Country recorded when the caller's address says nothing (loopback, private network, unknown to the
   * database): GB on development and test stacks, unset in production, where such users stay unknown.
   */
  RESIDENCY_DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO country code')
    .transform((code) => code.toUpperCase())
    .optional(),
  /** Detection jobs processed at once by one replica (each is a memory lookup plus one upsert). */
  RESIDENCY_WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(20),
});

export type ResidencyConfig = z.infer<typeof residencyConfigSchema>;
export const RESIDENCY_CONFIG = Symbol('RESIDENCY_CONFIG');

export const loadResidencyConfig = () => loadConfig(residencyConfigSchema, process.env);
