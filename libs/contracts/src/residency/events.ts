import { z } from 'zod';

import { defineQueue, Uuid } from '../common';
import { Residency } from './residency';

/**
 * `residency.changed`: a user's deciding residency was stored. Auth keeps a copy beside the user, so
 * `GET /api/me` is one call; the residency service stays the authority (the fee asks it).
 * `version` grows by one with each change of the user's row: jobs may arrive out of order, and a copy
 * only ever moves forward.
 */
export const ResidencyChangedJob = Residency.extend({ userId: Uuid, version: z.number().int().positive() });
export type ResidencyChangedJob = z.infer<typeof ResidencyChangedJob>;

export const AuthResidencyQueue = defineQueue('auth-residency', ['residency.changed.v1']);
