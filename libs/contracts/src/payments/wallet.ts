import { z } from 'zod';

import { apiSchema, IsoDateTime } from '../common';

export const Wallet = apiSchema(
  'Wallet',
  z.object({
    balancePence: z.number().int(),
    /** What can be withdrawn right now: min(balance, £1,000). */
    withdrawablePence: z.number().int(),
    /** The bank account payouts go to (verified payment account), e.g. '•••• 2345'; null until verified. */
    payoutAccount: z.string().nullable(),
    updatedAt: IsoDateTime.nullable(),
  }),
);
export type Wallet = z.infer<typeof Wallet>;
