import { formulaUnescaped } from '@kitty/nest-common';

import { categoryFromName } from './categories';
import {
  nonZero,
  type ParsedExpense,
  readRows,
  requirePounds,
  RowProblem,
  UnreadableFile,
} from './imported-rows';
import { isBlank } from './kitty-csv';
import { penceOfCell } from './pounds-text';

/**
 * Spliit's CSV export (src/app/groups/[groupId]/expenses/export/csv/route.ts): these columns, then one per
 * participant holding their share of the expense — positive for the one who paid it, negative for the
 * others. Amounts are in the group's currency, as decimals.
 */
export const SPLIIT_COLUMNS = [
  'Date',
  'Description',
  'Category',
  'Currency',
  'Cost',
  'Original cost',
  'Original currency',
  'Conversion rate',
  'Is Reimbursement',
  'Split mode',
] as const;

export function isSpliitHeader(header: string[]): boolean {
  return SPLIIT_COLUMNS.every((column, index) => header[index]?.trim() === column);
}

export function parseSpliitCsv(rows: string[][]) {
  const header = rows[0] ?? [];
  if (!isSpliitHeader(header))
    throw new UnreadableFile('This is not a Spliit CSV export: its first line is not Spliit’s header.');
  const people = header.slice(SPLIIT_COLUMNS.length).map((cell) => formulaUnescaped(cell.trim()));
  const lines = rows.slice(1).flatMap((value, index) => (isBlank(value) ? [] : [{ row: index + 2, value }]));
  const read = (cells: string[], row: number): ParsedExpense => {
    const cell = (index: number) => formulaUnescaped(cells[index] ?? '');
    requirePounds(row, cell(3));
    const amountPence = penceOfCell(cell(4), row, 'Cost');
    const values = people.map((name, index) => ({
      name,
      amountPence: penceOfCell(cell(SPLIIT_COLUMNS.length + index), row, name, true),
    }));
    const payers = values.filter(({ amountPence: value }) => value > 0);
    if (payers.length !== 1)
      throw new RowProblem(
        row,
        payers.length === 0
          ? 'Cannot tell who paid: the payer had no share of it, and Spliit’s CSV then leaves them out. Import the JSON export instead.'
          : 'More than one person paid, which Spliit’s CSV cannot say.',
      );
    const [payer] = payers;
    return {
      row,
      date: cell(0).trim() || null,
      description: cell(1),
      category: categoryFromName(cell(2)),
      amountPence,
      payers: [{ name: payer.name, amountPence }],
      shares: nonZero(values.map(({ name, amountPence: value }) => ({ name, amountPence: Math.abs(value) }))),
      isPayment: cell(8).trim().toLowerCase() === 'yes',
    };
  };
  return { ...readRows(lines, read), names: people };
}
