import { z } from 'zod';

import { defineQueue, IsoDateTime, Uuid } from '../common';

export const ResidencyQueue = defineQueue('residency-detect', ['residency.detect.v1']);

/** Resolve the caller's IP (seen at sign-up or sign-in) to a country and record it. */
export const DetectResidencyJob = z.object({
  userId: Uuid,
  ip: z.string().nullable(),
  observedAt: IsoDateTime,
});
export type DetectResidencyJob = z.infer<typeof DetectResidencyJob>;
