import { EXPENSE_CATEGORY_LABELS, type ExpenseCategory, type ImportedAmount } from '@kitty/contracts';
import { type CsvCell, formulaUnescaped, poundsOf, toCsv } from '@kitty/nest-common';

import { categoryFromName } from './categories';
import {
  nonZero,
  type ParsedExpense,
  readRows,
  requirePounds,
  RowProblem,
  UnreadableFile,
} from './imported-rows';
import { penceOfCell } from './pounds-text';

/**
 * Kitty's CSV: Splitwise's layout (Date, Description, Category, Cost, Currency, then a column per member
 * with their share) with a Type (Expense or Payment) and, after the shares, what each member paid
 * ('Paid by Ann'), so that several payers survive a round trip. Amounts are pounds with two decimals.
 */
export const KITTY_COLUMNS = ['Date', 'Description', 'Category', 'Cost', 'Currency', 'Type'] as const;
const PAID_BY = 'Paid by ';

/** One line of the export: an expense, or a payment (its payer paid, its payee 'shares' it). */
export interface ExportRow {
  date: string;
  description: string;
  category: ExpenseCategory;
  amountPence: number;
  payers: ImportedAmount[];
  shares: ImportedAmount[];
  isPayment: boolean;
}

/** Members' names as column headings, made distinct: a second 'Ann' is 'Ann (2)'. */
export function columnNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** `people` are the column names (see `columnNames`); every row names people among them. */
export function writeKittyCsv(people: string[], rows: ExportRow[]): string {
  const columns = [...KITTY_COLUMNS, ...people, ...people.map((name) => `${PAID_BY}${name}`)];
  const amountOf = (amounts: ImportedAmount[], name: string): CsvCell => {
    const found = amounts.find((amount) => amount.name === name);
    return found ? poundsOf(found.amountPence) : null;
  };
  return toCsv(
    columns,
    rows.map((row) => ({
      Date: row.date,
      Description: row.description,
      Category: EXPENSE_CATEGORY_LABELS[row.category],
      Cost: poundsOf(row.amountPence),
      Currency: 'GBP',
      Type: row.isPayment ? 'Payment' : 'Expense',
      ...Object.fromEntries(people.map((name) => [name, amountOf(row.shares, name)])),
      ...Object.fromEntries(people.map((name) => [`${PAID_BY}${name}`, amountOf(row.payers, name)])),
    })),
  );
}

/** Whether a header row is Kitty's (its fixed columns, then each member's share and what they paid). */
export function isKittyHeader(header: string[]): boolean {
  return peopleOfKittyHeader(header) !== null;
}

function peopleOfKittyHeader(header: string[]): string[] | null {
  const cells = header.map((cell) => formulaUnescaped(cell.trim()));
  if (KITTY_COLUMNS.some((column, index) => cells[index] !== column)) return null;
  const rest = cells.slice(KITTY_COLUMNS.length);
  const people = rest.slice(0, rest.length / 2);
  if (
    rest.length % 2 !== 0 ||
    people.some((name, index) => rest[people.length + index] !== `${PAID_BY}${name}`)
  )
    return null;
  return people;
}

export function parseKittyCsv(rows: string[][]): {
  expenses: ParsedExpense[];
  problems: { row: number; message: string }[];
  names: string[];
} {
  const people = peopleOfKittyHeader(rows[0] ?? []);
  if (!people)
    throw new UnreadableFile('This is not a Kitty export: its first line is not the header Kitty writes.');
  const lines = rows.slice(1).flatMap((value, index) => (isBlank(value) ? [] : [{ row: index + 2, value }]));
  const read = (cells: string[], row: number): ParsedExpense => {
    const cell = (index: number) => formulaUnescaped(cells[index] ?? '');
    const [date, description, category, cost, currency, type] = KITTY_COLUMNS.map((_, index) => cell(index));
    requirePounds(row, currency);
    if (type !== 'Expense' && type !== 'Payment')
      throw new RowProblem(row, `Type: '${type}' is neither Expense nor Payment.`);
    const amounts = (offset: number) =>
      nonZero(
        people.map((name, index) => ({
          name,
          amountPence: penceOfCell(cell(KITTY_COLUMNS.length + offset + index), row, name),
        })),
      );
    const payers = amounts(people.length);
    if (payers.length === 0 && type === 'Expense')
      throw new RowProblem(row, 'This was paid from the pot, and only expenses people paid can be imported.');
    return {
      row,
      date: date.trim() || null,
      description: description.trim(),
      category: categoryFromName(category),
      amountPence: penceOfCell(cost, row, 'Cost'),
      shares: amounts(0),
      payers,
      isPayment: type === 'Payment',
    };
  };
  return { ...readRows(lines, read), names: people };
}

export const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');
