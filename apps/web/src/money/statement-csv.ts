import type { Statement } from '@kitty/api-client';

/** Pence as a plain decimal of pounds ('-12.05'): what spreadsheets read as a number. */
const pounds = (pence: number) => `${pence < 0 ? '-' : ''}${(Math.abs(pence) / 100).toFixed(2)}`;

/**
 * A text cell, quoted; one starting with a formula character is prefixed with an apostrophe so that a
 * spreadsheet shows it instead of running it (CSV injection: a description is partly user-chosen).
 */
function text(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The statement as CSV: one row per movement, then the opening and closing balances. A pot's has a
 * Member column (who moved the money); a wallet's movements are all its owner's.
 */
export function statementCsv(statement: Statement): string {
  const byMember = statement.account.type === 'pot';
  const row = (date: string, description: string, member: string | null, rest: string[]) => [
    text(date),
    text(description),
    ...(byMember ? [text(member ?? '')] : []),
    ...rest,
  ];
  const rows = [
    [
      'Date',
      'Description',
      ...(byMember ? ['Member'] : []),
      'Type',
      'Amount (GBP)',
      'Fee paid on top (GBP)',
      'Balance (GBP)',
    ].map(text),
    row(statement.from, 'Opening balance', null, [text(''), '', '', pounds(statement.openingBalancePence)]),
    ...statement.entries.map((entry) =>
      row(entry.occurredAt, entry.description, entry.memberName, [
        text(entry.kind),
        pounds(entry.amountPence),
        pounds(entry.feePence),
        pounds(entry.balanceAfterPence),
      ]),
    ),
    row(statement.to, 'Closing balance', null, [text(''), '', '', pounds(statement.closingBalancePence)]),
  ];
  return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
}

/** e.g. 'kitty-wallet-2026-11.csv', 'kitty-pot-lisbon-trip-2026-11.csv'. */
export function statementFileName(statement: Statement): string {
  const slug = statement.account.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const name = statement.account.type === 'wallet' ? 'wallet' : `pot-${slug || 'pot'}`;
  return `kitty-${name}-${statement.month}.csv`;
}
