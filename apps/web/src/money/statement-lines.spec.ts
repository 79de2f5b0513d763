import type { StatementEntry } from '@kitty/api-client';

import { kindWords, statementLines } from './statement-lines';

const entry = (overrides: Partial<StatementEntry>): StatementEntry => ({
  transactionId: 't',
  occurredAt: '2026-10-03T09:00:00.000Z',
  kind: 'card_hold',
  description: 'Pret',
  amountPence: -1000,
  feePence: 0,
  balanceAfterPence: 0,
  memberName: null,
  cardAuthorizationId: null,
  ...overrides,
});

describe('statementLines', () => {
  it('says a card line is a purchase at the merchant, and a hold kept in part what it cost', () => {
    const lines = statementLines([
      entry({ transactionId: 'h', cardAuthorizationId: 'iauth_1', balanceAfterPence: 4000 }),
      entry({
        transactionId: 'x',
        kind: 'expense',
        description: 'Groceries',
        amountPence: -500,
        balanceAfterPence: 3500,
      }),
      entry({
        transactionId: 'r',
        kind: 'card_release',
        cardAuthorizationId: 'iauth_1',
        amountPence: 200,
        occurredAt: '2026-10-04T09:00:00.000Z',
        balanceAfterPence: 3700,
      }),
    ]);

    expect(
      lines.map(({ title, amountPence, balanceAfterPence, detail }) => [
        title,
        amountPence,
        balanceAfterPence,
        detail,
      ]),
    ).toEqual([
      ['Groceries', -500, 3500, null],
      ['Card purchase at Pret', -800, 3700, '£10.00 held on 3 Oct, £2.00 released on 4 Oct'],
    ]);
  });

  it('keeps a card movement whose hold is in another month as its own line, in words', () => {
    expect(
      statementLines([entry({ kind: 'card_release', cardAuthorizationId: 'iauth_9', amountPence: 300 })]).map(
        (line) => line.title,
      ),
    ).toEqual(['Card hold released: Pret']);
  });
});

describe('kindWords', () => {
  it('puts codes into words', () => {
    expect(['top_up', 'card_capture', 'withdrawal_released', 'something_new'].map(kindWords)).toEqual([
      'Top-up',
      'Card purchase',
      'Withdrawal returned',
      'Something new',
    ]);
  });
});
