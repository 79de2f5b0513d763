import type { ImportedAmount } from '@kitty/contracts';
import { formulaUnescaped } from '@kitty/nest-common';

import { categoryFromName } from './categories';
import {
  type ParsedExpense,
  readRows,
  requirePounds,
  RowProblem,
  sum,
  UnreadableFile,
} from './imported-rows';
import { isBlank } from './kitty-csv';
import { penceOfCell } from './pounds-text';

/**
 * A Splitwise group export: 'Date,Description,Category,Cost,Currency,<person>…', a blank line, one row per
 * expense or payment, a blank line and a 'Total balance' row. A person's cell is their net: what they paid
 * less their share (positive: the others owe them). Payments have the category 'Payment'.
 */
export const SPLITWISE_COLUMNS = ['Date', 'Description', 'Category', 'Cost', 'Currency'] as const;

export function isSplitwiseHeader(header: string[]): boolean {
  return (
    header.length > SPLITWISE_COLUMNS.length &&
    SPLITWISE_COLUMNS.every((column, index) => header[index]?.trim() === column)
  );
}

/**
 * Nets are all the file keeps, so payers and shares are rebuilt to give each person the same net: those
 * with a positive net paid, those with a negative one owe their share. The part of the cost nobody owes
 * (what the payers spent on themselves) is the share, and the extra payment, of the first of them.
 */
export function expenseFromNets(
  row: number,
  amountPence: number,
  nets: ImportedAmount[],
): Omit<ParsedExpense, 'row' | 'date' | 'description' | 'category' | 'isPayment'> {
  const owed = nets.filter(({ amountPence: net }) => net > 0);
  const owing = nets
    .filter(({ amountPence: net }) => net < 0)
    .map(({ name, amountPence: net }) => ({ name, amountPence: -net }));
  if (sum(owed) !== sum(owing))
    throw new RowProblem(row, "The people's amounts do not add up to zero, as Splitwise's always do.");
  if (owed.length === 0)
    throw new RowProblem(
      row,
      "This moves nobody's balance (whoever paid it is the only one sharing it): skipped.",
    );
  const ownShare = amountPence - sum(owed);
  if (ownShare < 0) throw new RowProblem(row, 'The people are owed more than the cost.');
  const [first, ...others] = owed;
  return {
    amountPence,
    payers: [{ name: first.name, amountPence: first.amountPence + ownShare }, ...others],
    shares: ownShare > 0 ? [{ name: first.name, amountPence: ownShare }, ...owing] : owing,
  };
}

export function parseSplitwiseCsv(rows: string[][]) {
  const header = rows[0] ?? [];
  if (!isSplitwiseHeader(header))
    throw new UnreadableFile('This is not a Splitwise export: its first line is not Splitwise’s header.');
  const people = header.slice(SPLITWISE_COLUMNS.length).map((cell) => formulaUnescaped(cell.trim()));
  const lines = rows.slice(1).flatMap((value, index) => {
    const isTotal = value[1]?.trim().toLowerCase() === 'total balance';
    return isBlank(value) || isTotal ? [] : [{ row: index + 2, value }];
  });
  const read = (cells: string[], row: number): ParsedExpense => {
    const cell = (index: number) => formulaUnescaped(cells[index] ?? '');
    requirePounds(row, cell(4));
    const category = cell(2).trim();
    const nets = people.map((name, index) => ({
      name,
      amountPence: penceOfCell(cell(SPLITWISE_COLUMNS.length + index), row, name, true),
    }));
    return {
      row,
      date: cell(0).trim() || null,
      description: cell(1),
      category: categoryFromName(category),
      isPayment: category.toLowerCase() === 'payment',
      ...expenseFromNets(row, penceOfCell(cell(3), row, 'Cost'), nets),
    };
  };
  return { ...readRows(lines, read), names: people };
}
