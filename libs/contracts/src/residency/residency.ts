import { z } from 'zod';

import { apiSchema, defineRpc, IsoDateTime, Uuid } from '../common';

export const RESIDENCY_METHODS = ['ip_address', 'kyc_address'] as const;
export type ResidencyMethod = (typeof RESIDENCY_METHODS)[number];

export const Residency = apiSchema(
  'Residency',
  z.object({
    countryCode: z.string().length(2).nullable(),
    isUkResident: z.boolean(),
    detectedAt: IsoDateTime,
    /** kyc_address: the verified identity's address, which wins; ip_address: where they last signed in. */
    method: z.enum(RESIDENCY_METHODS),
  }),
);
export type Residency = z.infer<typeof Residency>;

export const GetResidencyQuery = z.object({ userId: Uuid }).strict();
export type GetResidencyQuery = z.infer<typeof GetResidencyQuery>;

export const ResidencyRpc = {
  /** The recorded residency of one user, or null while unknown. */
  get: defineRpc('residency.get.v1', GetResidencyQuery, Residency.nullable()),
} as const;
