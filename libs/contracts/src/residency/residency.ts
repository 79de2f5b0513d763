import { z } from 'zod';

import { apiSchema, defineRpc, IsoDateTime, Uuid } from '../common';

export const Residency = apiSchema(
  'Residency',
  z.object({
    countryCode: z.string().length(2).nullable(),
    isUkResident: z.boolean(),
    detectedAt: IsoDateTime,
    method: z.literal('ip_address'),
  }),
);
export type Residency = z.infer<typeof Residency>;

export const GetResidencyQuery = z.object({ userId: Uuid }).strict();
export type GetResidencyQuery = z.infer<typeof GetResidencyQuery>;

export const ResidencyRpc = {
  /** The recorded residency of one user, or null while unknown. */
  get: defineRpc('residency.get.v1', GetResidencyQuery, Residency.nullable()),
} as const;
