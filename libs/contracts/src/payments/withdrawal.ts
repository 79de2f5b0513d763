import { z } from 'zod';

import { apiRequestSchema, apiSchema, IsoDateTime, Uuid } from '../common';
import { MAX_WITHDRAWAL_PENCE, MoneySource } from './money-fields';

export const CreateWithdrawalRequest = apiRequestSchema(
  'CreateWithdrawalRequest',
  z
    .object({
      amountPence: z
        .number({ error: 'Please enter a valid amount to withdraw' })
        .int('Amounts are whole pence.')
        .positive('Please enter a valid amount to withdraw')
        .max(MAX_WITHDRAWAL_PENCE, 'You can withdraw at most £1,000.00 at a time.'),
      source: MoneySource.default({ type: 'wallet' }),
    })
    .strict(),
);
export type CreateWithdrawalRequest = z.infer<typeof CreateWithdrawalRequest>;

export const WITHDRAWAL_STATUSES = [
  'awaiting_approval',
  'pending',
  'paid',
  'failed',
  'declined',
  'cancelled',
] as const;

export const Withdrawal = apiSchema(
  'Withdrawal',
  z.object({
    id: Uuid,
    amountPence: z.number().int(),
    source: z.object({ type: z.enum(['wallet', 'pot']), potId: Uuid.nullable(), name: z.string() }),
    /**
     * awaiting_approval: a pot withdrawal above the pot's approval amount, nothing moved yet, until another
     * member approves (then pending) or declines (declined), or its requester cancels it (cancelled);
     * pending: reserved and paid out; paid: arrived; failed: the reservation was released.
     */
    status: z.enum(WITHDRAWAL_STATUSES),
    failureReason: z.string().nullable(),
    createdAt: IsoDateTime,
    settledAt: IsoDateTime.nullable(),
    /** Who asked for it, as the pot's members see it (null on withdrawals from before it was kept). */
    requesterName: z.string().nullable(),
    /** The bank account it was paid to, as its owner knows it ('NatWest •••• 0001'); null if not known. */
    bankAccount: z.string().nullable(),
  }),
);
export type Withdrawal = z.infer<typeof Withdrawal>;

/** A page of withdrawals, newest first, with the cursor of the next (older) page. */
export const WithdrawalHistoryQuery = z
  .object({
    /** The last withdrawal of the page before: the next page starts after it. */
    before: Uuid.optional(),
    /** Page sizes as the query string spells them: a number in any other spelling is refused, not read. */
    limit: z
      .string()
      .regex(/^(?:[1-9][0-9]?|100)$/, 'Limit must be a whole number from 1 to 100.')
      .default('20'),
  })
  .strict();
export type WithdrawalHistoryQuery = z.infer<typeof WithdrawalHistoryQuery>;

export const WithdrawalHistory = apiSchema(
  'WithdrawalHistory',
  z.object({
    withdrawals: z.array(Withdrawal),
    /** Pass as `before` for the next page; null when this page is the last. */
    nextBefore: Uuid.nullable(),
  }),
);
export type WithdrawalHistory = z.infer<typeof WithdrawalHistory>;

/** A pot withdrawal waiting for a second member, as the pot's members see it. */
export const WithdrawalApproval = apiSchema(
  'WithdrawalApproval',
  z.object({
    id: Uuid,
    potId: Uuid,
    amountPence: z.number().int(),
    requesterName: z.string(),
    /** The requester may cancel it; everyone else may approve or decline it. */
    requestedByYou: z.boolean(),
    createdAt: IsoDateTime,
  }),
);
export type WithdrawalApproval = z.infer<typeof WithdrawalApproval>;

export const WithdrawalDecision = z.enum(['approve', 'decline']);
export type WithdrawalDecision = z.infer<typeof WithdrawalDecision>;
