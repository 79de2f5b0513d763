// The importers against files shaped like the real exports (fixtures beside this file): Splitwise's group
// CSV, Spliit's CSV and JSON (as its export routes write them), and Kitty's own CSV.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { UnreadableFile } from './imported-rows';
import { detectFormat, parseImportFile } from './parse-import-file';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const people = (...pairs: [string, number][]) => pairs.map(([name, amountPence]) => ({ name, amountPence }));

describe('detectFormat', () => {
  it.each([
    ['splitwise-group.csv', 'splitwise-csv'],
    ['spliit-group.csv', 'spliit-csv'],
    ['spliit-group.json', 'spliit-json'],
  ])('tells %s is %s', (name, format) => {
    expect(detectFormat(fixture(name))).toBe(format);
  });

  it('knows no other file', () => {
    expect(detectFormat('name,amount\r\nAnn,5\r\n')).toBeNull();
    expect(() => parseImportFile('name,amount\r\n')).toThrow(UnreadableFile);
  });
});

describe('a Splitwise group export', () => {
  const file = parseImportFile(fixture('splitwise-group.csv'));

  it('lists everyone in it', () => {
    expect(file.names).toEqual(['Ann Lee', 'Ben Hart', 'Cat Moss']);
  });

  it('rebuilds payers and shares that give each person the net Splitwise shows', () => {
    expect(file.expenses.map(({ row, description }) => [row, description])).toEqual([
      [3, 'Dinner at Zé'],
      [4, 'Taxi'],
      [6, 'Ben Hart paid Ann Lee'],
      [8, 'Hotel'],
      [10, '=cmd|calc'],
    ]);
    expect(file.expenses[0]).toMatchObject({
      date: '2026-07-01',
      category: 'food',
      amountPence: 9000,
      payers: people(['Ann Lee', 9000]),
      shares: people(['Ann Lee', 3000], ['Ben Hart', 3000], ['Cat Moss', 3000]),
      isPayment: false,
    });
    expect(file.expenses[1]).toMatchObject({
      category: 'transport',
      payers: people(['Ben Hart', 2550]),
      shares: people(['Ben Hart', 850], ['Ann Lee', 850], ['Cat Moss', 850]),
    });
    // Two people owed: the first paid what nobody owes (their own part), as well as their net.
    expect(file.expenses[3]).toMatchObject({
      category: 'lodging',
      payers: people(['Ann Lee', 20_000], ['Ben Hart', 10_000]),
      shares: people(['Ann Lee', 10_000], ['Cat Moss', 20_000]),
    });
  });

  it('reads a payment as one: the payer paid the payee', () => {
    expect(file.expenses[2]).toMatchObject({
      isPayment: true,
      payers: people(['Ben Hart', 3000]),
      shares: people(['Ann Lee', 3000]),
    });
  });

  it('lists by row what it cannot import, and skips the total', () => {
    expect(file.problems).toEqual([
      { row: 5, message: expect.stringContaining('in EUR; Kitty imports amounts in pounds (GBP) only') },
      { row: 7, message: expect.stringContaining("Cost: '1,204.00' is not an amount Kitty can read") },
      { row: 9, message: expect.stringContaining("moves nobody's balance") },
    ]);
  });
});

describe('a Spliit CSV export', () => {
  const file = parseImportFile(fixture('spliit-group.csv'));

  it('reads the payer (their share is positive) and everyone’s share', () => {
    expect(file.names).toEqual(['Ann', 'Ben', 'Cat']);
    expect(file.expenses).toMatchObject([
      {
        row: 2,
        category: 'food',
        amountPence: 5000,
        payers: people(['Ann', 5000]),
        shares: people(['Ann', 1667], ['Ben', 1667], ['Cat', 1666]),
      },
      {
        row: 3,
        category: 'transport',
        payers: people(['Ben', 9720]),
        shares: people(['Ann', 4000], ['Ben', 5720]),
      },
      {
        row: 6,
        amountPence: 1250,
        payers: people(['Cat', 1250]),
        shares: people(['Ann', 250], ['Ben', 500], ['Cat', 500]),
      },
    ]);
  });

  it('refuses rows whose payer the CSV leaves out (they had no share)', () => {
    expect(file.problems.map(({ row }) => row)).toEqual([4, 5]);
    expect(file.problems[0].message).toMatch(/Cannot tell who paid.*JSON export instead/);
  });
});

describe('a Spliit JSON export', () => {
  const file = parseImportFile(fixture('spliit-group.json'));

  it('splits as Spliit does, to the penny, whatever the mode', () => {
    expect(file.expenses).toMatchObject([
      {
        row: 1,
        date: '2025-01-06',
        description: 'Dinner with team',
        category: 'food',
        payers: people(['Ann', 5000]),
      },
      { row: 2, payers: people(['Ben', 9720]), shares: people(['Ann', 4000], ['Ben', 5720]) },
      { row: 3, payers: people(['Ann', 2000]), shares: people(['Cat', 2000]) },
      { row: 4, isPayment: true, payers: people(['Cat', 1000]), shares: people(['Ann', 1000]) },
    ]);
    const dinner = file.expenses[0].shares.map(({ amountPence }) => amountPence);
    expect(dinner.reduce((a, b) => a + b)).toBe(5000);
    expect([...dinner].sort()).toEqual([1666, 1667, 1667]);
  });

  it('refuses an income (negative amount) by its place in the list', () => {
    expect(file.problems).toEqual([
      { row: 5, message: 'Only expenses with a positive cost can be imported.' },
    ]);
  });

  it('refuses a group in another currency, row by row', () => {
    const euros = fixture('spliit-group.json').replace('"currencyCode": "GBP"', '"currencyCode": "EUR"');
    const parsed = parseImportFile(euros);
    expect(parsed.expenses).toEqual([]);
    expect(parsed.problems[0].message).toMatch(/in EUR/);
  });

  it('says what is wrong with a file that is not JSON', () => {
    expect(() => parseImportFile('{"participants": [', 'spliit-json')).toThrow('it is not valid JSON');
  });
});

describe('amounts', () => {
  const splitwise = (cost: string) =>
    parseImportFile(
      `Date,Description,Category,Cost,Currency,Ann,Ben\r\n2026-01-01,X,General,${cost},GBP,1.00,-1.00\r\n`,
    );

  it.each(['1,000.00', '1.000,00', '12.345', '£12', '1e3', '-2.00', '12.'])(
    'refuses %j with its row',
    (cost) => {
      expect(splitwise(`"${cost}"`).problems).toEqual([
        { row: 2, message: expect.stringContaining(`'${cost}'`) },
      ]);
    },
  );

  it('reads pounds with one or two decimals exactly', () => {
    expect(splitwise('2').expenses[0].amountPence).toBe(200);
    expect(splitwise('2.0').expenses[0].amountPence).toBe(200);
  });
});
