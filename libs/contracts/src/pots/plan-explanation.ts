import { z } from 'zod';

import { apiSchema, Uuid } from '../common';

/** At most this many expenses and payments are listed; older ones are summed as `earlierPence`. */
export const MAX_EXPLAINED_ITEMS = 100;

/** One expense or payment between the two people of a transfer, and what it did to the debt. */
export const ExplainedItem = apiSchema(
  'ExplainedItem',
  z.object({
    kind: z.enum(['expense', 'payment']),
    id: Uuid,
    /** The expense's description; for a payment, null. */
    description: z.string().nullable(),
    /** The day it was spent or paid (YYYY-MM-DD). */
    day: z.iso.date(),
    /** What it adds to what the payer of the transfer owes its payee (negative: takes off). */
    amountPence: z.number().int(),
  }),
);
export type ExplainedItem = z.infer<typeof ExplainedItem>;

/**
 * Why one transfer of the settle-up plan is there: the expenses and payments between its two
 * people, and — where debts are simplified — each one's position in all, which the plan settles with fewer
 * payments than pair by pair.
 */
export const TransferExplanation = apiSchema(
  'TransferExplanation',
  z.object({
    fromMemberId: Uuid,
    toMemberId: Uuid,
    simplified: z.boolean(),
    /** What `from` owes `to` directly, all told (negative: `to` owes `from`). */
    directPence: z.number().int(),
    /** Newest first, at most MAX_EXPLAINED_ITEMS; their amounts + earlierPence + passedOnPence = directPence. */
    items: z.array(ExplainedItem),
    /** The older expenses and payments not listed, summed. */
    earlierPence: z.number().int(),
    /** Debts passed on to these two when members who were owed (or owed) left the pot. */
    passedOnPence: z.number().int(),
    /** Each one's net position (positive: is owed). */
    fromNetPence: z.number().int(),
    toNetPence: z.number().int(),
  }),
);
export type TransferExplanation = z.infer<typeof TransferExplanation>;
