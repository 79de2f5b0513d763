import type { Statement } from '@kitty/api-client';

import { entryTitle, kindWords } from './statement-lines';

/** Pence as a plain decimal of pounds ('-12.05'): what spreadsheets read as a number. */
const pounds = (pence: number) => `${pence < 0 ? '-' : ''}${(Math.abs(pence) / 100).toFixed(2)}`;

const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** An instant as UK local time, day first as UK spreadsheets read it: '02/10/2026 10:00'. */
export const ukLocalDateTime = (iso: string) => ukDateTime.format(new Date(iso)).replace(',', '');

/**
 * A text cell, quoted; one starting with a formula character is prefixed with an apostrophe so that a
 * spreadsheet shows it instead of running it (CSV injection: a description is partly user-chosen).
 */
function text(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The statement as CSV, for people: one row per movement between the opening and closing balances, dates in
 * UK local time, types in words ('Top-up', 'Card purchase'). A pot's has a Member column (who moved the
 * money); a wallet's movements are all its owner's.
 */
export function statementCsv(statement: Statement): string {
  const byMember = statement.account.type === 'pot';
  const row = (date: string, description: string, member: string | null, rest: string[]) => [
    text(ukLocalDateTime(date)),
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
      row(entry.occurredAt, entryTitle(entry), entry.memberName, [
        text(kindWords(entry.kind)),
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
