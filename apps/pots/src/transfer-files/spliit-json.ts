import { z } from 'zod';

import { categoryFromName } from './categories';
import {
  nonZero,
  type ParsedExpense,
  readRows,
  requirePounds,
  RowProblem,
  UnreadableFile,
} from './imported-rows';
import { spliitShares } from './spliit-shares';

/**
 * Spliit's JSON export (src/app/groups/[groupId]/expenses/export/json/route.ts): the group with its
 * participants and expenses. Amounts are integers in the group currency's minor units (pence for GBP);
 * one participant paid each expense; `paidFor` says who shares it and how (see `spliitShares`).
 */
const SpliitExpense = z.object({
  id: z.string(),
  expenseDate: z.string().nullish(),
  title: z.string(),
  category: z.object({ name: z.string() }).nullish(),
  amount: z.number().int(),
  paidById: z.string(),
  paidFor: z.array(z.object({ participantId: z.string(), shares: z.number().int().nonnegative() })),
  isReimbursement: z.boolean().default(false),
  splitMode: z.string(),
});

const SpliitGroup = z.object({
  currency: z.string().nullish(),
  currencyCode: z.string().nullish(),
  participants: z.array(z.object({ id: z.string(), name: z.string() })),
  // Each expense is checked on its own, so one odd expense does not refuse the file.
  expenses: z.array(z.unknown()),
});

export function isSpliitJson(text: string): boolean {
  return /^\s*\{/.test(text) && text.includes('"participants"');
}

export function parseSpliitJson(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UnreadableFile('This is not a Spliit JSON export: it is not valid JSON.');
  }
  const group = SpliitGroup.safeParse(json);
  if (!group.success)
    throw new UnreadableFile('This is not a Spliit JSON export: it has no participants and expenses.');
  const { participants, expenses } = group.data;
  const names = new Map(participants.map(({ id, name }) => [id, name]));
  const currency = group.data.currencyCode || group.data.currency || '';
  const nameOf = (row: number, id: string) => {
    const name = names.get(id);
    if (name === undefined) throw new RowProblem(row, 'It names someone who is not in the group.');
    return name;
  };
  const read = (value: unknown, row: number): ParsedExpense => {
    requirePounds(row, currency);
    const parsed = SpliitExpense.safeParse(value);
    if (!parsed.success) throw new RowProblem(row, 'This expense is not in the shape Spliit exports.');
    const expense = parsed.data;
    if (expense.amount <= 0) throw new RowProblem(row, 'Only expenses with a positive cost can be imported.');
    const shares = spliitShares(expense);
    return {
      row,
      date: expense.expenseDate?.slice(0, 10) ?? null,
      description: expense.title,
      category: categoryFromName(expense.category?.name ?? ''),
      amountPence: expense.amount,
      payers: [{ name: nameOf(row, expense.paidById), amountPence: expense.amount }],
      shares: nonZero(
        [...shares].map(([participantId, amountPence]) => ({
          name: nameOf(row, participantId),
          amountPence,
        })),
      ),
      isPayment: expense.isReimbursement,
    };
  };
  return {
    ...readRows(
      expenses.map((value, index) => ({ row: index + 1, value })),
      read,
    ),
    names: participants.map(({ name }) => name),
  };
}
