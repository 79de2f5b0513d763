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
  const lineWords = (lines: ReturnType<typeof statementLines>) =>
    lines.map(({ title, amountPence, balanceAfterPence, steps, detail }) => [
      title,
      amountPence,
      balanceAfterPence,
      steps.map((step) => [step.words, step.amountPence]),
      detail,
    ]);

  it('makes a hold, its capture and its release one card purchase at the merchant, costing what was kept', () => {
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
        transactionId: 'c',
        kind: 'card_capture',
        cardAuthorizationId: 'iauth_1',
        amountPence: -300,
        occurredAt: '2026-10-04T09:00:00.000Z',
        balanceAfterPence: 3200,
      }),
      entry({
        transactionId: 'r',
        kind: 'card_release',
        cardAuthorizationId: 'iauth_1',
        amountPence: 200,
        occurredAt: '2026-10-05T09:00:00.000Z',
        balanceAfterPence: 3400,
      }),
    ]);

    expect(lineWords(lines)).toEqual([
      ['Groceries', -500, 3500, [], null],
      [
        'Card purchase at Pret',
        -1100,
        3400,
        [
          ['Held on 3 Oct', -1000],
          ['Charged on 4 Oct', -300],
          ['Released on 5 Oct', 200],
        ],
        null,
      ],
    ]);
    expect(lines[1].key).toBe('h+c+r');
  });

  it('says a hold given back whole was not charged', () => {
    const lines = statementLines([
      entry({ transactionId: 'h', cardAuthorizationId: 'iauth_2' }),
      entry({ transactionId: 'r', kind: 'card_release', cardAuthorizationId: 'iauth_2', amountPence: 1000 }),
    ]);
    expect(lines.map((line) => [line.amountPence, line.detail])).toEqual([
      [0, 'Not charged: the hold was given back'],
    ]);
  });

  it('keeps card movements of different purchases apart, and one with no authorisation alone', () => {
    const lines = statementLines([
      entry({ transactionId: 'a', cardAuthorizationId: 'iauth_a', description: 'Café Nero' }),
      entry({ transactionId: 'b', cardAuthorizationId: 'iauth_b', description: 'Pret' }),
      entry({ transactionId: 'c', kind: 'card_capture', description: 'Tesco', amountPence: -250 }),
    ]);
    expect(lines.map((line) => [line.key, line.title])).toEqual([
      ['a', 'Card purchase at Café Nero'],
      ['b', 'Card purchase at Pret'],
      ['c', 'Card purchase at Tesco'],
    ]);
  });

  it('names the purchase of a card movement whose hold is in another month', () => {
    expect(
      lineWords(
        statementLines([entry({ kind: 'card_release', cardAuthorizationId: 'iauth_9', amountPence: 300 })]),
      ),
    ).toEqual([['Card purchase at Pret', 300, 0, [['Released on 3 Oct', 300]], null]]);
  });
});

describe('kindWords', () => {
  it('puts codes into words', () => {
    expect(
      ['top_up', 'card_hold', 'card_capture', 'card_release', 'withdrawal_released', 'something_new'].map(
        kindWords,
      ),
    ).toEqual([
      'Top-up',
      'Card hold',
      'Card purchase',
      'Card hold released',
      'Withdrawal returned',
      'Something new',
    ]);
  });
});
