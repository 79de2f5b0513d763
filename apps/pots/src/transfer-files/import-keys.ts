import { createHash } from 'node:crypto';

import { idFromIdempotencyKey } from '@kitty/nest-common';

import type { ParsedExpense } from './imported-rows';
import { nameKey } from './name-matching';

/** A row as compared between imports: its date, words, amount and people, without case or spacing. */
function normalisedRow(expense: ParsedExpense): string {
  const people = (amounts: ParsedExpense['payers']) =>
    amounts.map(({ name, amountPence }) => [nameKey(name), amountPence]).sort();
  return JSON.stringify([
    expense.date,
    nameKey(expense.description),
    expense.amountPence,
    people(expense.payers),
    people(expense.shares),
  ]);
}

/**
 * Each expense's Idempotency-Key: the pot, its normalised row and which occurrence of that row it is in the
 * file (two identical coffees on one day are two expenses). Importing the file again gives the same keys,
 * so it records nothing twice; another file with the same rows is the same import.
 */
export function importKeys(potId: string, expenses: ParsedExpense[]): string[] {
  const seen = new Map<string, number>();
  return expenses.map((expense) => {
    const row = normalisedRow(expense);
    const occurrence = seen.get(row) ?? 0;
    seen.set(row, occurrence + 1);
    const hash = createHash('sha256').update(`${potId}\0${row}\0${occurrence}`).digest('hex');
    return `import:${hash}`;
  });
}

/**
 * The id ExpenseService.create gives the expense it records for `key` and `userId` (ADR 0011): how a preview
 * sees what an earlier import recorded. Imports are the owner's, so the ids are the pot's.
 */
export const importedExpenseId = (userId: string, key: string) =>
  idFromIdempotencyKey('expense', userId, key);
