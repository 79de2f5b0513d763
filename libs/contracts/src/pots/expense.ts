import {
  billTotals,
  convertToPence,
  formatMinor,
  formatPence,
  FULL_BASIS_POINTS,
  payersProblem,
} from '@kitty/money';
import { z } from 'zod';

import { apiRequestSchema, apiSchema, IsoDateTime, MultiLineText, SingleLineText, Uuid } from '../common';
import {
  ExpenseOriginal,
  type ExpenseOriginalInput,
  ExpenseOriginalInput as OriginalInput,
  FOREIGN_CURRENCIES,
  MAX_FOREIGN_AMOUNT_MINOR,
} from './currency';

/** £1,000,000 per expense is far beyond any group trip, and keeps sums well inside safe integers. */
export const MAX_EXPENSE_PENCE = 100_000_000;

/** People named in one expense (who share it, who paid it): far more than any pot has members. */
export const MAX_EXPENSE_PEOPLE = 200;

export const SPLIT_MODES = ['equal', 'exact', 'percent', 'shares', 'itemised'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

/** What an expense was for (the pots database checks the same list). */
export const EXPENSE_CATEGORIES = [
  'food',
  'transport',
  'lodging',
  'activities',
  'groceries',
  'other',
] as const;
export const ExpenseCategory = z.enum(EXPENSE_CATEGORIES);
export type ExpenseCategory = z.infer<typeof ExpenseCategory>;

/** How people read each category: in the app and in the pot's activity feed ('Food and drink → Transport'). */
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  food: 'Food and drink',
  transport: 'Transport',
  lodging: 'Lodging',
  activities: 'Activities',
  groceries: 'Groceries',
  other: 'Other',
};

/** Lines on one itemised bill: more than any receipt a group splits. */
export const MAX_BILL_LINES = 50;

export const BILL_EXTRA_KINDS = ['tax', 'service'] as const;

/** One line of an itemised bill, in the expense's currency (pence, or the original's minor units). */
export const BillLineInput = apiRequestSchema(
  'BillLineInput',
  z
    .object({
      description: SingleLineText('Describe each line.').min(1, 'Describe each line.').max(100),
      amount: z
        .number({ error: 'Enter what each line cost.' })
        .int('Amounts are whole pence (or cents).')
        .positive('Each line costs more than nothing.')
        .max(MAX_FOREIGN_AMOUNT_MINOR, 'Invalid amount'),
      /** Who shares this line, equally among them. */
      memberIds: z
        .array(Uuid)
        .min(1, 'Choose who shares each line.')
        .max(MAX_EXPENSE_PEOPLE)
        .refine((ids) => new Set(ids).size === ids.length, 'Each person can be named once per line.'),
    })
    .strict(),
);
export type BillLineInput = z.infer<typeof BillLineInput>;

/** Tax or service on top of the lines: a fixed amount, or basis points of what the lines add up to. */
export const BillExtraInput = apiRequestSchema(
  'BillExtraInput',
  z
    .object({
      kind: z.enum(BILL_EXTRA_KINDS),
      amount: z.number().int().min(0).max(MAX_FOREIGN_AMOUNT_MINOR).optional(),
      basisPoints: z.number().int().min(0).max(FULL_BASIS_POINTS).optional(),
    })
    .strict()
    .refine((extra) => (extra.amount === undefined) !== (extra.basisPoints === undefined), {
      message: 'Give tax or service as an amount or as a percentage, not both.',
    }),
);
export type BillExtraInput = z.infer<typeof BillExtraInput>;

/**
 * An itemised bill: its lines, and tax or service (each at most once) shared in proportion to what each
 * person had. Lines and extras add up to the expense's amount in its currency.
 */
export const BillInput = apiRequestSchema(
  'BillInput',
  z
    .object({
      lines: z
        .array(BillLineInput)
        .min(1, 'Add at least one line.')
        .max(MAX_BILL_LINES, `At most ${MAX_BILL_LINES} lines.`),
      extras: z
        .array(BillExtraInput)
        .max(BILL_EXTRA_KINDS.length)
        .refine(
          (extras) => new Set(extras.map(({ kind }) => kind)).size === extras.length,
          'Give tax and service once each.',
        )
        .default([]),
    })
    .strict(),
);
export type BillInput = z.infer<typeof BillInput>;

/**
 * Who shares an expense and how. `value` means: nothing for `equal` and `itemised`, pence for `exact`,
 * basis points (1/100 of a percent, summing to 10,000) for `percent`, a positive weight for `shares`.
 * `itemised` also gives `items`, whose lines name only members listed here. Order matters: it breaks ties
 * when pennies are distributed.
 */
export const SplitInput = apiRequestSchema(
  'SplitInput',
  z
    .object({
      mode: z.enum(SPLIT_MODES),
      members: z
        .array(z.object({ memberId: Uuid, value: z.number().int().min(0).optional() }).strict())
        .min(1, 'Choose at least one member to split with.')
        .max(MAX_EXPENSE_PEOPLE),
      /** The bill's lines, for `itemised` (and only then). */
      items: BillInput.optional(),
    })
    .strict()
    .superRefine((split, context) => {
      if (split.mode !== 'itemised') {
        if (split.items)
          context.addIssue({ code: 'custom', message: 'Only an itemised split has lines.', path: ['items'] });
        return;
      }
      if (!split.items) {
        context.addIssue({ code: 'custom', message: 'Add the lines of the bill.', path: ['items'] });
        return;
      }
      const listed = new Set(split.members.map(({ memberId }) => memberId));
      split.items.lines.forEach((line, index) => {
        if (line.memberIds.some((memberId) => !listed.has(memberId)))
          context.addIssue({
            code: 'custom',
            message: "Everyone sharing a line must be among the split's members.",
            path: ['items', 'lines', index, 'memberIds'],
          });
      });
    }),
);
export type SplitInput = z.infer<typeof SplitInput>;

const Description = SingleLineText('Please provide a description for this expense.')
  .min(1, 'Please provide a description for this expense.')
  .max(200);

/** The longest note an expense carries. */
export const MAX_EXPENSE_NOTES_LENGTH = 500;
/** The earliest day an expense may have been spent on. */
export const EARLIEST_SPENT_ON = '2000-01-01';

/** `YYYY-MM-DD` of the UTC day after `now`: the latest day anyone anywhere can have spent money on. */
export const latestSpentOn = (now = new Date()) =>
  new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The day the money was spent (a calendar day, UK-style: no time of day); not in the future. */
const SpentOn = z
  .string({ error: 'Please give the date as YYYY-MM-DD.' })
  .pipe(z.iso.date('Please give the date as YYYY-MM-DD.'))
  .refine((day) => day >= EARLIEST_SPENT_ON, 'The date must be in 2000 or later.')
  .refine((day) => day <= latestSpentOn(), 'The date cannot be in the future.');

/** Optional notes; blank means none. */
const Notes = MultiLineText('Notes must be text.').max(
  MAX_EXPENSE_NOTES_LENGTH,
  `Notes can be at most ${MAX_EXPENSE_NOTES_LENGTH} characters.`,
);

const Amount = z
  .number({ error: 'Invalid amount' })
  .int('Amounts are whole pence.')
  .positive('Invalid amount')
  .max(MAX_EXPENSE_PENCE, 'Invalid amount');

/** What one member paid of a member-paid expense. */
export const ExpensePayerInput = apiRequestSchema(
  'ExpensePayerInput',
  z.object({ memberId: Uuid, amountPence: Amount }).strict(),
);
export type ExpensePayerInput = z.infer<typeof ExpensePayerInput>;

/** Several members paid: what each paid, adding up to the expense's amount (each member once). */
const Payers = z.array(ExpensePayerInput).min(1, 'Choose who paid.').max(MAX_EXPENSE_PEOPLE);

/** An amount in the currency the expense was paid in: pence, or the original's minor units. */
function inCurrency(amount: number, original: ExpenseOriginalInput | null | undefined): string {
  return original
    ? formatMinor(amount, original.currency, FOREIGN_CURRENCIES[original.currency].minorUnits)
    : formatPence(amount);
}

export interface ExpenseAmounts {
  amountPence: number;
  original?: ExpenseOriginalInput | null;
  split: SplitInput;
}

/**
 * Why an expense's amounts disagree, in words for the person who typed them (and the field to show it
 * beside); null when they agree: converted at the payer's rate, the original amount is amountPence
 * (rounded half up to the penny); an itemised bill's lines and tax/service add up to the expense's amount
 * in its own currency. The API and the expense form both ask this one function.
 */
export function expenseAmountsProblem({
  amountPence,
  original,
  split,
}: ExpenseAmounts): { path: string[]; message: string } | null {
  if (original?.rate !== undefined) {
    const { minorUnits } = FOREIGN_CURRENCIES[original.currency];
    const converted = convertToPence(original.amountMinor, minorUnits, original.rate);
    if (converted !== amountPence)
      return {
        path: ['amountPence'],
        message: `At £${original.rate} per ${inCurrency(10 ** minorUnits, original)}, ${inCurrency(original.amountMinor, original)} is ${formatPence(converted)}, not ${formatPence(amountPence)}.`,
      };
  }
  if (split.mode === 'itemised' && split.items) {
    const { total } = billTotals(
      split.items.lines.map(({ amount, memberIds }) => ({ amount, memberIds })),
      split.items.extras.map((extra) =>
        extra.basisPoints === undefined ? { amount: extra.amount ?? 0 } : { basisPoints: extra.basisPoints },
      ),
    );
    const expected = original ? original.amountMinor : amountPence;
    if (total !== expected)
      return {
        path: ['split', 'items'],
        message: `The lines with tax and service come to ${inCurrency(total, original)}, not the expense's ${inCurrency(expected, original)}.`,
      };
  }
  return null;
}

function checkAmounts(
  expense: { amountPence?: number; original?: ExpenseOriginalInput | null; split?: SplitInput },
  context: z.RefinementCtx,
) {
  // Each part out of range has its own issue already: only valid parts are measured against each other.
  const amount = Amount.safeParse(expense.amountPence);
  const original = OriginalInput.nullable().optional().safeParse(expense.original);
  const split = SplitInput.safeParse(expense.split);
  if (!amount.success || !original.success || !split.success) return;
  const problem = expenseAmountsProblem({
    amountPence: amount.data,
    original: original.data,
    split: split.data,
  });
  if (problem) context.addIssue({ code: 'custom', message: problem.message, path: problem.path });
}

/** Refuses payers that cannot have paid `amountPence` between them (the rule is `payersProblem`'s). */
function checkPayers(
  { amountPence, payers }: { amountPence?: number; payers?: ExpensePayerInput[] },
  context: z.RefinementCtx,
) {
  // An amount out of range has its own issue already: what the payers paid is measured against a valid one.
  const amount = Amount.safeParse(amountPence);
  if (!payers || !amount.success) return;
  const problem = payersProblem(payers, amount.data);
  if (problem) context.addIssue({ code: 'custom', message: problem, path: ['payers'] });
}

export const CreateExpenseRequest = apiRequestSchema(
  'CreateExpenseRequest',
  z
    .object({
      description: Description,
      amountPence: Amount,
      /** `pot`: the money leaves the pot; `member`: members paid and the group owes them (bookkeeping). */
      paidFrom: z.enum(['pot', 'member']),
      /** When paidFrom is `member` and one member paid it all (otherwise give `payers`). */
      payerMemberId: Uuid.optional(),
      /** When paidFrom is `member`, instead of `payerMemberId`: who paid what, adding up to amountPence. */
      payers: Payers.optional(),
      /** Omitted: 'other'. */
      category: ExpenseCategory.default('other'),
      /** Paid in another currency: what it cost there, and the rate (else amountPence is what the bank charged). */
      original: OriginalInput.optional(),
      split: SplitInput,
      /** The day it was spent; omitted: the UK day it is recorded. */
      spentOn: SpentOn.optional(),
      notes: Notes.optional(),
    })
    .strict()
    .superRefine((expense, context) => {
      if (expense.payers && expense.paidFrom === 'pot')
        context.addIssue({
          code: 'custom',
          message: 'The pot paid this: it has no payers.',
          path: ['payers'],
        });
      else if (expense.payers && expense.payerMemberId)
        context.addIssue({
          code: 'custom',
          message: 'Give either payerMemberId or payers, not both.',
          path: ['payers'],
        });
      else if (expense.paidFrom === 'member' && !expense.payers && !expense.payerMemberId)
        context.addIssue({ code: 'custom', message: 'Choose who paid.', path: ['payerMemberId'] });
      checkPayers(expense, context);
      checkAmounts(expense, context);
    }),
);
export type CreateExpenseRequest = z.infer<typeof CreateExpenseRequest>;

export const UpdateExpenseRequest = apiRequestSchema(
  'UpdateExpenseRequest',
  z
    .object({
      description: Description.optional(),
      amountPence: Amount.optional(),
      category: ExpenseCategory.optional(),
      split: SplitInput.optional(),
      /**
       * Paid in another currency (null: in pounds after all). Omitted: as before. With a rate, the amount must
       * be given too (converted at it), unless neither changes.
       */
      original: OriginalInput.nullable().optional(),
      /**
       * A member-paid expense's payers, all of them (adding up to the new amount, or the current one). Omitted
       * while the amount changes: allowed when one member paid, who then paid the new amount.
       */
      payers: Payers.optional(),
      spentOn: SpentOn.optional(),
      /** null or blank: no notes any more. */
      notes: Notes.nullable().optional(),
    })
    .strict()
    .superRefine((update, context) => {
      checkPayers(update, context);
      checkAmounts(update, context);
    }),
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

export const ExpensePayer = apiSchema(
  'ExpensePayer',
  z.object({ memberId: Uuid, name: z.string(), amountPence: z.number().int() }),
);

export const Bill = apiSchema(
  'Bill',
  z.object({
    lines: z.array(z.object({ description: z.string(), amount: z.number().int(), memberIds: z.array(Uuid) })),
    extras: z.array(
      z.object({
        kind: z.enum(BILL_EXTRA_KINDS),
        /** What it came to (a percentage rounded half up to the minor unit). */
        amount: z.number().int(),
        /** As a percentage, when given so; null for a fixed amount. */
        basisPoints: z.number().int().nullable(),
      }),
    ),
    subtotal: z.number().int(),
    total: z.number().int(),
  }),
);
export type Bill = z.infer<typeof Bill>;

export const Expense = apiSchema(
  'Expense',
  z.object({
    id: Uuid,
    potId: Uuid,
    description: z.string(),
    amountPence: z.number().int(),
    paidFrom: z.enum(['pot', 'member']),
    /** The first of `payers` (null when the pot paid), for clients from before several payers. */
    payerMemberId: Uuid.nullable(),
    /** Who paid a member-paid expense and how much each, in the order given; empty when the pot paid. */
    payers: z.array(ExpensePayer),
    splitMode: z.enum(SPLIT_MODES),
    /** An itemised expense's bill, in its currency, with its tax/service worked out; null otherwise. */
    items: Bill.nullable(),
    /** Paid in another currency: what it cost there (amountPence is its value in pounds); null in pounds. */
    original: ExpenseOriginal.nullable(),
    category: ExpenseCategory,
    shares: z.array(ExpenseShare),
    status: RecordStatus,
    /** Who must confirm a pending expense (its payer); null once decided. */
    awaitingMemberId: Uuid.nullable(),
    createdBy: Uuid,
    createdByName: z.string(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    /** A receipt photo is attached (read it from …/expenses/:id/receipt). */
    hasReceipt: z.boolean(),
    /** The day it was spent (YYYY-MM-DD): as given, else the UK day it was recorded. */
    spentOn: z.iso.date(),
    notes: z.string().nullable(),
  }),
);
export type Expense = z.infer<typeof Expense>;

export const MemberPosition = apiSchema(
  'MemberPosition',
  z.object({
    memberId: Uuid,
    name: z.string(),
    netPence: z.number().int(),
    /** What they put into the pot (top-ups): counted in their position, since the pot's money is theirs. */
    putInPence: z.number().int(),
  }),
);

export const SettleUpTransfer = apiSchema(
  'SettleUpTransfer',
  z.object({ fromMemberId: Uuid, toMemberId: Uuid, amountPence: z.number().int().positive() }),
);

/** A debt whose debtor was reminded today (UK time): 'Remind' on it waits until tomorrow. */
export const RemindedTransfer = apiSchema(
  'RemindedTransfer',
  z.object({ fromMemberId: Uuid, toMemberId: Uuid }),
);

/**
 * A settle-up step with the pot itself: `from_pot`, the pot pays the member back money of theirs it holds
 * (they withdraw it); `into_pot`, the member pays the pot what they used of others' money (a top-up).
 */
export const PotSettleUpTransfer = apiSchema(
  'PotSettleUpTransfer',
  z.object({
    memberId: Uuid,
    direction: z.enum(['from_pot', 'into_pot']),
    amountPence: z.number().int().positive(),
  }),
);

/**
 * Positive netPence: the others or the pot owe this member; negative: they owe. What a member puts into
 * the pot is theirs, so the positions add up to what the pot holds, and settling up (`plan` between
 * members, `potPlan` with the pot) leaves everyone at zero.
 */
export const PotBalances = apiSchema(
  'PotBalances',
  z.object({
    positions: z.array(MemberPosition),
    plan: z.array(SettleUpTransfer),
    potPlan: z.array(PotSettleUpTransfer),
    remindedToday: z.array(RemindedTransfer),
  }),
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
