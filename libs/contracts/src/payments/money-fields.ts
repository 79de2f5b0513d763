import { z } from 'zod';

import { Uuid } from '../common';

/** decisions.md §13: a top-up (and a top-up request) is at least £1 and at most £5,000. */
export const MIN_TOP_UP_PENCE = 100;
export const MAX_TOP_UP_PENCE = 500_000;
/** Spec §2 / decisions.md §11: one withdrawal is at most £1,000 (and never more than the balance). */
export const MAX_WITHDRAWAL_PENCE = 100_000;

export const TopUpAmount = z
  .number({ error: 'Invalid Amount: Please enter a valid amount greater than £0.' })
  .int('Amounts are whole pence.')
  .positive('Invalid Amount: Please enter a valid amount greater than £0.')
  .min(MIN_TOP_UP_PENCE, 'The minimum amount is £1.00.')
  .max(MAX_TOP_UP_PENCE, 'The maximum amount is £5,000.00.');

/** Where added money lands: the caller's wallet, a pot they belong to, or whoever asked them (a request). */
export const FundingDestination = z.discriminatedUnion('type', [
  z.object({ type: z.literal('wallet') }).strict(),
  z.object({ type: z.literal('pot'), potId: Uuid }).strict(),
  z.object({ type: z.literal('top_up_request'), requestId: Uuid }).strict(),
]);
export type FundingDestination = z.infer<typeof FundingDestination>;

/** Where a withdrawal comes from: the caller's wallet or a pot they own. */
export const MoneySource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('wallet') }).strict(),
  z.object({ type: z.literal('pot'), potId: Uuid }).strict(),
]);
export type MoneySource = z.infer<typeof MoneySource>;
