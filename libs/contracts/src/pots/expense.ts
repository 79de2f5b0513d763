import { z } from 'zod';

import { apiRequestSchema, apiSchema, IsoDateTime, SingleLineText, Uuid } from '../common';

/** £1,000,000 per expense is far beyond any group trip, and keeps sums well inside safe integers. */
export const MAX_EXPENSE_PENCE = 100_000_000;

export const SPLIT_MODES = ['equal', 'exact', 'percent', 'shares'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

/**
 * Who shares an expense and how. `value` means: nothing for `equal`, pence for `exact`, basis points
 * (1/100 of a percent, summing to 10,000) for `percent`, a positive weight for `shares`. Order matters:
 * it breaks ties when pennies are distributed.
 */
export const SplitInput = apiRequestSchema(
  'SplitInput',
  z
    .object({
      mode: z.enum(SPLIT_MODES),
      members: z
        .array(z.object({ memberId: Uuid, value: z.number().int().min(0).optional() }).strict())
        .min(1, 'Choose at least one member to split with.')
        .max(200),
    })
    .strict(),
);
export type SplitInput = z.infer<typeof SplitInput>;

const Description = SingleLineText('Please provide a description for this expense.')
  .min(1, 'Please provide a description for this expense.')
  .max(200);

const Amount = z
  .number({ error: 'Invalid amount' })
  .int('Amounts are whole pence.')
  .positive('Invalid amount')
  .max(MAX_EXPENSE_PENCE, 'Invalid amount');

export const CreateExpenseRequest = apiRequestSchema(
  'CreateExpenseRequest',
  z
    .object({
      description: Description,
      amountPence: Amount,
      /** `pot`: the money leaves the pot; `member`: a member paid and the group owes them (bookkeeping). */
      paidFrom: z.enum(['pot', 'member']),
      /** Required when paidFrom is `member`. */
      payerMemberId: Uuid.optional(),
      split: SplitInput,
    })
    .strict()
    .refine((expense) => expense.paidFrom === 'pot' || expense.payerMemberId, {
      message: 'Choose who paid.',
      path: ['payerMemberId'],
    }),
);
export type CreateExpenseRequest = z.infer<typeof CreateExpenseRequest>;

export const UpdateExpenseRequest = apiRequestSchema(
  'UpdateExpenseRequest',
  z
    .object({
      description: Description.optional(),
      amountPence: Amount.optional(),
      split: SplitInput.optional(),
    })
    .strict(),
);
export type UpdateExpenseRequest = z.infer<typeof UpdateExpenseRequest>;

/**
 * `confirmed`: it moves positions. `pending`: it records someone else's payment and moves nothing until
 * `awaitingMemberId` (or the pot's owner) confirms it. `declined`: that person said no; it never moves anything.
 */
export const RECORD_STATUSES = ['confirmed', 'pending', 'declined'] as const;
export const RecordStatus = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof RecordStatus>;

export const ExpenseShare = apiSchema(
  'ExpenseShare',
  z.object({ memberId: Uuid, name: z.string(), amountPence: z.number().int() }),
);

export const Expense = apiSchema(
  'Expense',
  z.object({
    id: Uuid,
    potId: Uuid,
    description: z.string(),
    amountPence: z.number().int(),
    paidFrom: z.enum(['pot', 'member']),
    payerMemberId: Uuid.nullable(),
    splitMode: z.enum(SPLIT_MODES),
    shares: z.array(ExpenseShare),
    status: RecordStatus,
    /** Who must confirm a pending expense (its payer); null once decided. */
    awaitingMemberId: Uuid.nullable(),
    createdBy: Uuid,
    createdByName: z.string(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  }),
);
export type Expense = z.infer<typeof Expense>;

export const MemberPosition = apiSchema(
  'MemberPosition',
  z.object({ memberId: Uuid, name: z.string(), netPence: z.number().int() }),
);

export const SettleUpTransfer = apiSchema(
  'SettleUpTransfer',
  z.object({ fromMemberId: Uuid, toMemberId: Uuid, amountPence: z.number().int().positive() }),
);

/** Positive netPence: the group owes this member; negative: they owe the group. */
export const PotBalances = apiSchema(
  'PotBalances',
  z.object({ positions: z.array(MemberPosition), plan: z.array(SettleUpTransfer) }),
);
export type PotBalances = z.infer<typeof PotBalances>;

export const CreateSettlementRequest = apiRequestSchema(
  'CreateSettlementRequest',
  z
    .object({
      fromMemberId: Uuid,
      toMemberId: Uuid,
      amountPence: Amount,
      /**
       * true: the payer's Kitty wallet pays the payee's wallet (only the payer may choose this); false: the
       * repayment happened elsewhere and is only recorded.
       */
      payWithKitty: z.boolean().default(false),
    })
    .strict()
    .refine((settlement) => settlement.fromMemberId !== settlement.toMemberId, {
      message: 'Choose two different members.',
      path: ['toMemberId'],
    }),
);
export type CreateSettlementRequest = z.infer<typeof CreateSettlementRequest>;

export const Settlement = apiSchema(
  'Settlement',
  z.object({
    id: Uuid,
    fromMemberId: Uuid,
    toMemberId: Uuid,
    amountPence: z.number().int(),
    /** The money moved wallet → wallet in Kitty (not only recorded). */
    paidWithKitty: z.boolean(),
    status: RecordStatus,
    /** Who must confirm a pending settlement (the other person in it); null once decided. */
    awaitingMemberId: Uuid.nullable(),
    createdByName: z.string(),
    createdAt: IsoDateTime,
  }),
);
export type Settlement = z.infer<typeof Settlement>;

export const ActivityEntry = apiSchema(
  'ActivityEntry',
  z.object({
    id: Uuid,
    type: z.string(),
    actorName: z.string(),
    summary: z.string(),
    createdAt: IsoDateTime,
  }),
);
export type ActivityEntry = z.infer<typeof ActivityEntry>;
