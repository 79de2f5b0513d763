import { z } from 'zod';

import { defineQueue, IsoDateTime, Uuid } from '../common';

export const ResidencyQueue = defineQueue('residency-detect', [
  'residency.detect.v1',
  'residency.kyc-address.v1',
]);

/** Resolve the caller's IP (seen at sign-up or sign-in) to a country and record it. */
export const DetectResidencyJob = z.object({
  userId: Uuid,
  ip: z.string().nullable(),
  observedAt: IsoDateTime,
});
export type DetectResidencyJob = z.infer<typeof DetectResidencyJob>;

/**
 * The country of the address a user's identity check (KYC) accepted. It decides their residency from then
 * on: a later sign-in from abroad does not make a UK resident international.
 */
export const KycAddressResidencyJob = z.object({
  userId: Uuid,
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  verifiedAt: IsoDateTime,
});
export type KycAddressResidencyJob = z.infer<typeof KycAddressResidencyJob>;
