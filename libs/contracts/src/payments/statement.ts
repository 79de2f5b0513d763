import { z } from 'zod';

import { apiSchema, IsoDateTime } from '../common';

/** A statement month, `YYYY-MM`, in UK time (a month starts at midnight in London). */
export const StatementMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month as YYYY-MM.' })
  .refine((month) => month >= '2020-01' && month <= '2099-12', { error: 'Choose a month as YYYY-MM.' });
export type StatementMonth = z.infer<typeof StatementMonth>;

export const StatementQuery = z.object({ month: StatementMonth }).strict();
export type StatementQuery = z.infer<typeof StatementQuery>;

/** One movement of the account, in the order the ledger applied them. */
export const StatementEntry = apiSchema(
  'StatementEntry',
  z.object({
    /** The ledger transaction, the same on every account it touched. */
    transactionId: z.string(),
    occurredAt: IsoDateTime,
    kind: z.string(),
    description: z.string(),
    /** Signed: what the account gained (positive) or lost (negative). */
    amountPence: z.number().int(),
    /** The platform fee paid on top of a top-up (never taken from the account), else 0. */
    feePence: z.number().int(),
    balanceAfterPence: z.number().int(),
    /**
     * On a pot's statement, the member who moved the money ('A former member' once they left); null on a
     * wallet's (every movement is its owner's) and for movements nobody made (a returned payout).
     */
    memberName: z.string().nullable(),
    /**
     * The card payment (Stripe authorisation) a card movement belongs to: its hold, its captures and every
     * release share it, so a statement shows them as one card purchase. Null for any other movement, and
     * for a capture or a release after a capture posted before payments recorded their authorisation.
     */
    cardAuthorizationId: z.string().nullable(),
  }),
);
export type StatementEntry = z.infer<typeof StatementEntry>;

/** A month of one wallet or pot, from the append-only ledger: opening + every movement = closing. */
export const Statement = apiSchema(
  'Statement',
  z.object({
    account: z.object({ type: z.enum(['wallet', 'pot']), name: z.string() }),
    month: StatementMonth,
    /** The month's bounds (UK time), as instants: from inclusive, to exclusive. */
    from: IsoDateTime,
    to: IsoDateTime,
    openingBalancePence: z.number().int(),
    closingBalancePence: z.number().int(),
    /**
     * What came in and what went out. Card movements count by their sum over the month: a hold released
     * gave back what it held, so it is neither money out nor money in.
     */
    moneyInPence: z.number().int(),
    moneyOutPence: z.number().int(),
    feesPence: z.number().int(),
    entries: z.array(StatementEntry),
  }),
);
export type Statement = z.infer<typeof Statement>;
