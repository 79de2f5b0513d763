import { statementCsv, statementFileName } from './statement-csv';
import { aStatement } from './test-support';

const statement = aStatement({
  account: { type: 'pot', name: 'Lisbon Trip!' },
  closingBalancePence: 5600,
  entries: aStatement().entries.map((entry) =>
    entry.kind === 'card_capture'
      ? { ...entry, description: '=HYPERLINK("http://evil") "Bar"', memberName: '@Ben "B" Hart' }
      : { ...entry, memberName: 'Ann Lee' },
  ),
});

describe('statementCsv', () => {
  it('writes one row per movement between the balances: UK local dates, types in words, amounts in pounds', () => {
    expect(statementCsv(statement).split('\r\n')).toEqual([
      '"Date","Description","Member","Type","Amount (GBP)","Fee paid on top (GBP)","Balance (GBP)"',
      '"01/10/2026 00:00","Opening balance","","",,,38.00',
      '"02/10/2026 10:00","Funds added by card","Ann Lee","Top-up",25.00,0.50,63.00',
      `"03/10/2026 20:30","Card purchase at =HYPERLINK(""http://evil"") ""Bar""","'@Ben ""B"" Hart","Card purchase",-7.05,0.00,55.95`,
      '"01/11/2026 00:00","Closing balance","","",,,56.00',
      '',
    ]);
  });

  it('has no Member column on a wallet (every movement is its owner’s)', () => {
    expect(statementCsv(aStatement()).split('\r\n').slice(0, 3)).toEqual([
      '"Date","Description","Type","Amount (GBP)","Fee paid on top (GBP)","Balance (GBP)"',
      '"01/10/2026 00:00","Opening balance","",,,38.00',
      '"02/10/2026 10:00","Funds added by card","Top-up",25.00,0.50,63.00',
    ]);
  });

  it('names the card purchase on every movement of it, each step in words', () => {
    const [, capture] = aStatement().entries;
    const card = { ...capture, description: 'Café Nero', cardAuthorizationId: 'iauth_1' };
    const rows = statementCsv(
      aStatement({
        entries: [
          { ...card, kind: 'card_hold', amountPence: -1000, balanceAfterPence: 2800 },
          { ...card, kind: 'card_capture', amountPence: -200, balanceAfterPence: 2600 },
          { ...card, kind: 'card_release', amountPence: 300, balanceAfterPence: 2900 },
        ],
      }),
    ).split('\r\n');
    expect(rows.slice(2, 5)).toEqual([
      '"03/10/2026 20:30","Card purchase at Café Nero","Card hold",-10.00,0.00,28.00',
      '"03/10/2026 20:30","Card purchase at Café Nero","Card purchase",-2.00,0.00,26.00',
      '"03/10/2026 20:30","Card purchase at Café Nero","Card hold released",3.00,0.00,29.00',
    ]);
  });

  it('names the file after the account and the month', () => {
    expect(statementFileName(statement)).toBe('kitty-pot-lisbon-trip-2026-10.csv');
    expect(statementFileName({ ...statement, account: { type: 'wallet', name: 'Your Kitty wallet' } })).toBe(
      'kitty-wallet-2026-10.csv',
    );
  });
});
