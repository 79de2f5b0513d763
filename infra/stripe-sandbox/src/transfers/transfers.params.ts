import { z } from 'zod';

import { currencyParam, expandParam, formInt, listParams, metadataParam, rangeParam } from '../core/params';

const amountParam = () => formInt().pipe(z.number().int().min(1, 'must be at least 1').max(99_999_999));

export const createTransferParams = z.strictObject({
  amount: amountParam(),
  currency: currencyParam(),
  destination: z.string().regex(/^acct_\w+$/, 'must be a connected account (acct_…)'),
  description: z.string().max(1000).optional(),
  metadata: metadataParam().optional(),
  transfer_group: z.string().max(200).optional(),
  expand: expandParam(),
});
export type CreateTransferParams = z.output<typeof createTransferParams>;

export const retrieveTransferParams = z.strictObject({ expand: expandParam() });

export const listTransfersParams = z.strictObject({
  ...listParams,
  destination: z.string().min(1).optional(),
  transfer_group: z.string().min(1).optional(),
  created: rangeParam().optional(),
});
export type ListTransfersParams = z.output<typeof listTransfersParams>;

export const createReversalParams = z.strictObject({
  amount: amountParam().optional(),
  description: z.string().max(1000).optional(),
  metadata: metadataParam().optional(),
  expand: expandParam(),
});
export type CreateReversalParams = z.output<typeof createReversalParams>;
