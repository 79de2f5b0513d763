import { z } from 'zod';

import {
  Acknowledged,
  apiRequestSchema,
  apiSchema,
  defineQueue,
  defineRpc,
  IdempotencyKey,
  IsoDateTime,
  Uuid,
} from '../common';
import { CreateExpenseRequest, ExpenseCategory } from './expense';
import { PotsCaller } from './rpc';

export const RECURRING_FREQUENCIES = ['weekly', 'monthly'] as const;
export const RecurringFrequency = z.enum(RECURRING_FREQUENCIES);
export type RecurringFrequency = z.infer<typeof RecurringFrequency>;

/** How far ahead a first day may be set: further than any lease starts, near enough to catch a typo. */
export const MAX_RECURRING_START_DAYS_AHEAD = 366;
/** Recurring expenses a pot may run at once. */
export const MAX_RECURRING_PER_POT = 50;

const IsoDate = z.iso.date();

/**
 * A recurring expense: `expense` is recorded on `startOn` and every week or month after it
 * (a month's day past its end falls on the last day), until `endOn` when given.
 */
export const CreateRecurringExpenseRequest = apiRequestSchema(
  'CreateRecurringExpenseRequest',
  z
    .object({
      expense: CreateExpenseRequest,
      frequency: RecurringFrequency,
      /** The first day it is recorded (UK calendar): today or later. */
      startOn: IsoDate,
      /** The last day it may be recorded; omitted: until cancelled. */
      endOn: IsoDate.optional(),
    })
    .strict()
    .refine((rule) => !rule.endOn || rule.endOn >= rule.startOn, {
      message: 'The end date must be on or after the first date.',
      path: ['endOn'],
    }),
);
export type CreateRecurringExpenseRequest = z.infer<typeof CreateRecurringExpenseRequest>;

export const RecurringExpense = apiSchema(
  'RecurringExpense',
  z.object({
    id: Uuid,
    potId: Uuid,
    description: z.string(),
    amountPence: z.number().int(),
    category: ExpenseCategory,
    paidFrom: z.enum(['pot', 'member']),
    frequency: RecurringFrequency,
    startOn: IsoDate,
    endOn: IsoDate.nullable(),
    /** The next day it will be recorded; null once it has ended or was cancelled. */
    nextDueOn: IsoDate.nullable(),
    /** Expenses recorded from it so far. */
    occurrences: z.number().int(),
    /** Why the last due day was not recorded, if it was not. */
    lastProblem: z.string().nullable(),
    createdByName: z.string(),
    /** Whether the caller may cancel it (who set it up, or the pot's owner). */
    youMayCancel: z.boolean(),
    cancelledAt: IsoDateTime.nullable(),
    createdAt: IsoDateTime,
  }),
);
export type RecurringExpense = z.infer<typeof RecurringExpense>;

const withCaller = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ caller: PotsCaller, ...shape });

/** `idempotencyKey`: the caller's Idempotency-Key; the rule's id derives from it. */
export const CreateRecurringExpenseCommand = withCaller({
  potId: Uuid,
  body: CreateRecurringExpenseRequest,
  idempotencyKey: IdempotencyKey,
});
export type CreateRecurringExpenseCommand = z.infer<typeof CreateRecurringExpenseCommand>;
export const RecurringExpensesQuery = withCaller({ potId: Uuid });
export type RecurringExpensesQuery = z.infer<typeof RecurringExpensesQuery>;
export const CancelRecurringExpenseCommand = withCaller({ potId: Uuid, recurringId: Uuid });
export type CancelRecurringExpenseCommand = z.infer<typeof CancelRecurringExpenseCommand>;

export const RecurringExpensesRpc = {
  create: defineRpc('pots.recurring.create.v1', CreateRecurringExpenseCommand, RecurringExpense),
  list: defineRpc('pots.recurring.list.v1', RecurringExpensesQuery, z.array(RecurringExpense)),
  cancel: defineRpc('pots.recurring.cancel.v1', CancelRecurringExpenseCommand, Acknowledged),
} as const;

/**
 * The schedule that records due recurring expenses: one BullMQ job scheduler (every replica upserts the
 * same id) whose runs record every rule due by today. A run only records what is due and each period
 * once, so a retry or an overlapping run is harmless.
 */
export const RecurringExpensesQueue = defineQueue('pots-recurring-expenses', ['pots.recurring.run-due.v1']);
