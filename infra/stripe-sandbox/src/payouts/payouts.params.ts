import { z } from 'zod';

import { currencyParam, expandParam, formInt, listParams, metadataParam, rangeParam } from '../core/params';

export const createPayoutParams = z.strictObject({
  amount: formInt().pipe(z.number().int().min(1, 'must be at least 1').max(99_999_999)),
  currency: currencyParam(),
  description: z.string().max(1000).optional(),
  destination: z.string().min(1).max(200).optional(),
  metadata: metadataParam().optional(),
  method: z.enum(['standard', 'instant']).optional(),
  statement_descriptor: z.string().max(22).optional(),
  expand: expandParam(),
});
export type CreatePayoutParams = z.output<typeof createPayoutParams>;

export const retrievePayoutParams = z.strictObject({ expand: expandParam() });

export const listPayoutsParams = z.strictObject({
  ...listParams,
  status: z.enum(['pending', 'paid', 'failed', 'canceled', 'in_transit']).optional(),
  destination: z.string().min(1).optional(),
  created: rangeParam().optional(),
});
export type ListPayoutsParams = z.output<typeof listPayoutsParams>;
