// Import → export round trips: any expenses Kitty exports read back as the same expenses —
// amounts, who paid what, who shares what — and Splitwise's nets read back as the same nets.
import type { ImportedAmount } from '@kitty/contracts';
import { EXPENSE_CATEGORIES } from '@kitty/contracts';
import { toCsv } from '@kitty/nest-common';
import fc from 'fast-check';

import { columnNames, type ExportRow, writeKittyCsv } from './kitty-csv';
import { parseImportFile } from './parse-import-file';

/** Names as people type them, spreadsheet formulas and CSV's own characters included. */
const name = fc.oneof(
  fc.constantFrom('Ann', 'Ben Hart', 'Zoë', '=SUM(A1)', '-Dee', 'O"Neil, Jo', '@cat', '+44'),
  fc.string({ minLength: 1, maxLength: 12 }).map((text) => text.replace(/\s+/g, ' ').trim() || 'x'),
);

/** `total` in up to `parts` positive pieces, each to someone among `people`. */
const piecesOf = (total: number, people: string[]) =>
  fc.shuffledSubarray(people, { minLength: 1, maxLength: people.length }).chain((chosen) =>
    fc
      .array(fc.integer({ min: 1, max: 1_000 }), { minLength: chosen.length, maxLength: chosen.length })
      .map((weights) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const amounts = weights.map((weight) => Math.floor((total * weight) / sum));
        amounts[0] += total - amounts.reduce((a, b) => a + b, 0);
        return chosen
          .map((person, index) => ({ name: person, amountPence: amounts[index] }))
          .filter(({ amountPence }) => amountPence > 0);
      }),
  );

const expenseOf = (people: string[]) =>
  fc.integer({ min: 1, max: 10_000_000 }).chain((amountPence) =>
    fc.record<ExportRow>({
      date: fc.constantFrom('2026-07-01', '2026-12-31'),
      description: fc
        .string({ minLength: 1, maxLength: 40 })
        .map((text) => text.replace(/\s+/g, ' ').trim() || 'Dinner')
        .filter((text) => !text.startsWith("'")),
      category: fc.constantFrom(...EXPENSE_CATEGORIES),
      amountPence: fc.constant(amountPence),
      payers: piecesOf(amountPence, people),
      shares: piecesOf(amountPence, people),
      isPayment: fc.boolean(),
    }),
  );

const pot = fc
  .uniqueArray(name, { minLength: 1, maxLength: 6 })
  .filter((names) => names.every((person) => !person.startsWith("'")))
  .map(columnNames)
  .filter((people) => new Set(people).size === people.length)
  .chain((people) =>
    fc.tuple(fc.constant(people), fc.array(expenseOf(people), { minLength: 1, maxLength: 20 })),
  );

// A Map, not an object: a person may be called 'toString'.
const byName = (amounts: ImportedAmount[]) =>
  new Map(amounts.map(({ name: person, amountPence }) => [person, amountPence]));

describe('import → export round trip', () => {
  it('Kitty CSV: every expense reads back with its amount, payers, shares, category and date', () => {
    fc.assert(
      fc.property(pot, ([people, rows]) => {
        const file = parseImportFile(writeKittyCsv(people, rows));
        expect(file.format).toBe('kitty-csv');
        expect(file.problems).toEqual([]);
        expect(file.names).toEqual(people);
        expect(
          file.expenses.map(({ row: _, payers, shares, ...rest }) => ({
            ...rest,
            payers: byName(payers),
            shares: byName(shares),
          })),
        ).toEqual(
          rows.map(({ payers, shares, ...rest }) => ({
            ...rest,
            payers: byName(payers),
            shares: byName(shares),
          })),
        );
      }),
    );
  });

  it('Splitwise CSV: each person’s net (paid less share) reads back exactly', () => {
    fc.assert(
      fc.property(pot, ([people, rows]) => {
        const nets = (row: Pick<ExportRow, 'payers' | 'shares'>) =>
          people.map(
            (person) => (byName(row.payers).get(person) ?? 0) - (byName(row.shares).get(person) ?? 0),
          );
        const pounds = (pence: number) =>
          `${pence < 0 ? '-' : ''}${Math.floor(Math.abs(pence) / 100)}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;
        const columns = ['Date', 'Description', 'Category', 'Cost', 'Currency', ...people];
        const moving = rows.filter((row) => nets(row).some((net) => net !== 0));
        const csv = toCsv(
          columns,
          moving.map((row) => ({
            Date: row.date,
            Description: row.description,
            Category: 'General',
            Cost: pounds(row.amountPence),
            Currency: 'GBP',
            ...Object.fromEntries(people.map((person, index) => [person, Number(pounds(nets(row)[index]))])),
          })),
        );
        const file = parseImportFile(csv, 'splitwise-csv');
        expect(file.problems).toEqual([]);
        expect(file.expenses.map((expense) => [expense.amountPence, nets(expense)])).toEqual(
          moving.map((row) => [row.amountPence, nets(row)]),
        );
      }),
    );
  });
});
