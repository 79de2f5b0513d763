import {
  type ExpenseCategory,
  type ImportedAmount,
  type ImportFormat,
  type ImportRowProblem,
  MAX_EXPENSE_PENCE,
  MAX_EXPENSE_PEOPLE,
} from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { sliceText } from '@kitty/nest-common';

/** One expense read from a file, before anyone in it is matched to a member (names are the file's). */
export interface ParsedExpense {
  row: number;
  date: string | null;
  description: string;
  category: ExpenseCategory;
  amountPence: number;
  payers: ImportedAmount[];
  shares: ImportedAmount[];
  isPayment: boolean;
}

/** What a file holds, whatever its format: expenses, the rows that cannot be imported, every name in it. */
export interface ParsedFile {
  format: ImportFormat;
  expenses: ParsedExpense[];
  problems: ImportRowProblem[];
  names: string[];
}

/** A row that cannot be imported: thrown by a format's row reader, listed against the row. */
export class RowProblem extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/** The whole file is unreadable (wrong format, broken CSV, not JSON): a 400 with this as its detail. */
export class UnreadableFile extends Error {}

const DESCRIPTION_LIMIT = 200;

/** A description on one line, within the expense's limit: what the pots service records. */
export function oneLineDescription(text: string, fallback: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return sliceText(line || fallback, DESCRIPTION_LIMIT);
}

/** People of a row: blank and zero amounts left out, each name once (in the file's order). */
export function nonZero(amounts: ImportedAmount[]): ImportedAmount[] {
  return amounts.filter(({ amountPence }) => amountPence !== 0);
}

/**
 * Checks what any format's row must satisfy to become an expense: a positive amount within the limit,
 * payers and shares each adding up to it exactly, and not more people than an expense takes.
 */
export function checkedExpense(expense: ParsedExpense): ParsedExpense {
  const { row, amountPence, payers, shares } = expense;
  if (amountPence <= 0) throw new RowProblem(row, 'The cost must be more than 0.');
  if (amountPence > MAX_EXPENSE_PENCE)
    throw new RowProblem(row, `The cost is more than ${formatPence(MAX_EXPENSE_PENCE)}.`);
  if (payers.length === 0) throw new RowProblem(row, 'Nobody paid this expense.');
  if (shares.length === 0) throw new RowProblem(row, 'Nobody shares this expense.');
  if (payers.length > MAX_EXPENSE_PEOPLE || shares.length > MAX_EXPENSE_PEOPLE)
    throw new RowProblem(row, `More than ${MAX_EXPENSE_PEOPLE} people in one expense.`);
  const paid = sum(payers);
  if (paid !== amountPence)
    throw new RowProblem(
      row,
      `What was paid adds up to ${formatPence(paid)}, not the cost ${formatPence(amountPence)}.`,
    );
  const shared = sum(shares);
  if (shared !== amountPence)
    throw new RowProblem(
      row,
      `The shares add up to ${formatPence(shared)}, not the cost ${formatPence(amountPence)}.`,
    );
  return { ...expense, description: oneLineDescription(expense.description, 'Imported expense') };
}

export const sum = (amounts: { amountPence: number }[]) =>
  amounts.reduce((total, { amountPence }) => total + amountPence, 0);

/** Kitty records pounds only (until expenses in other currencies land); a row in another is refused. */
export function requirePounds(row: number, currency: string): void {
  const code = currency.trim().toUpperCase();
  if (code !== 'GBP' && code !== '£')
    throw new RowProblem(
      row,
      `This expense is in ${currency.trim() || 'no currency'}; Kitty imports amounts in pounds (GBP) only.`,
    );
}

/** Reads each row with `read`; a row it refuses is listed as a problem and the others go on. */
export function readRows<Row>(
  rows: { row: number; value: Row }[],
  read: (value: Row, row: number) => ParsedExpense | null,
): { expenses: ParsedExpense[]; problems: ImportRowProblem[] } {
  const expenses: ParsedExpense[] = [];
  const problems: ImportRowProblem[] = [];
  for (const { row, value } of rows) {
    try {
      const expense = read(value, row);
      if (expense) expenses.push(checkedExpense(expense));
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      problems.push({ row: error.row, message: error.message });
    }
  }
  return { expenses, problems };
}
