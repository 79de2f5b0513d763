import fc from 'fast-check';

import { type Debt, directPlan, expenseDebts, passOnDebts, repaymentDebts, reversed } from './direct-debts';
import type { PayerAmount } from './payers';
import { memberIdsArb, partitionArb } from './test-support';

const owedTo = (debts: readonly Debt[], memberId: string) =>
  debts.reduce(
    (sum, { from, to, amountPence }) =>
      sum + (to === memberId ? amountPence : 0) - (from === memberId ? amountPence : 0),
    0,
  );

/** A sharer's exact part of what a payer paid: share × paid ÷ total, in (fractional) pence. */
const exactPart = (shares: readonly PayerAmount[], payers: readonly PayerAmount[], debt: Debt) => {
  const share = shares.find(({ memberId }) => memberId === debt.from)?.amountPence ?? 0;
  const paid = payers.find(({ memberId }) => memberId === debt.to)?.amountPence ?? 0;
  return (share * paid) / payers.reduce((sum, { amountPence }) => sum + amountPence, 0);
};

/** An expense: its sharers' shares and its payers' amounts, both adding up to the same total. */
const expenseArb = fc
  .record({
    ids: memberIdsArb(2, 8),
    total: fc.integer({ min: 1, max: 10_000_000 }),
  })
  .chain(({ ids, total }) =>
    fc.record({
      ids: fc.constant(ids),
      shareParts: partitionArb(total, ids.length),
      payerCount: fc.integer({ min: 1, max: ids.length }),
      payerOffset: fc.nat({ max: ids.length - 1 }),
      total: fc.constant(total),
    }),
  )
  .chain(({ ids, shareParts, payerCount, payerOffset, total }) =>
    partitionArb(total, payerCount).map((paid) => ({
      shares: ids
        .map((memberId, index) => ({ memberId, amountPence: shareParts[index] }))
        .filter(({ amountPence }) => amountPence > 0),
      payers: paid
        .map((amountPence, index) => ({ memberId: ids[(payerOffset + index) % ids.length], amountPence }))
        .filter(({ amountPence }) => amountPence > 0),
    })),
  )
  .filter(({ payers }) => payers.length > 0);

describe('expenseDebts', () => {
  it('splits a £100 dinner Ann paid £60 of and Ben £40, shared by four, in proportion', () => {
    const debts = expenseDebts(
      ['ann', 'ben', 'cat', 'dan'].map((memberId) => ({ memberId, amountPence: 2500 })),
      [
        { memberId: 'ann', amountPence: 6000 },
        { memberId: 'ben', amountPence: 4000 },
      ],
    );
    expect(debts).toEqual([
      { from: 'ann', to: 'ben', amountPence: 1000 },
      { from: 'ben', to: 'ann', amountPence: 1500 },
      { from: 'cat', to: 'ann', amountPence: 1500 },
      { from: 'cat', to: 'ben', amountPence: 1000 },
      { from: 'dan', to: 'ann', amountPence: 1500 },
      { from: 'dan', to: 'ben', amountPence: 1000 },
    ]);
  });

  it('keeps every pair within a penny of its exact part when shares do not divide evenly', () => {
    // 3 sharers of £1.00 paid 1p / 1p / 98p: each row rounds, and the columns must still add up.
    const debts = expenseDebts(
      [
        { memberId: 'a', amountPence: 34 },
        { memberId: 'b', amountPence: 33 },
        { memberId: 'c', amountPence: 33 },
      ],
      [
        { memberId: 'x', amountPence: 1 },
        { memberId: 'y', amountPence: 1 },
        { memberId: 'z', amountPence: 98 },
      ],
    );
    expect(owedTo(debts, 'x')).toBe(1);
    expect(owedTo(debts, 'y')).toBe(1);
    expect(owedTo(debts, 'z')).toBe(98);
  });

  it('rounds each part down or up even where the payers need pennies passed between sharers', () => {
    // Apportioning each share on its own leaves payers owed pennies more or less than they paid; moving
    // them one per sharer and payer once gave Rz/4 (13p) a 6p part of an exact 3.95p.
    const shares = [
      { memberId: 'Rz/4', amountPence: 13 },
      { memberId: '85', amountPence: 8 },
      { memberId: '.Mk', amountPence: 13055 },
      { memberId: '62', amountPence: 295666 },
      { memberId: ':cVA/H', amountPence: 1089144 },
      { memberId: 'Q5kj', amountPence: 2190108 },
      { memberId: 'E4{9 ', amountPence: 846905 },
      { memberId: '7', amountPence: 322103 },
    ];
    const payers = [
      { memberId: '62', amountPence: 1450760 },
      { memberId: ':cVA/H', amountPence: 44897 },
      { memberId: 'Q5kj', amountPence: 1275384 },
      { memberId: 'E4{9 ', amountPence: 1446900 },
      { memberId: '7', amountPence: 539061 },
    ];
    const debts = expenseDebts(shares, payers);
    for (const debt of debts)
      expect(Math.abs(debt.amountPence - exactPart(shares, payers, debt))).toBeLessThan(1);
    // Exact parts 3.96p, 0.12p, 3.49p, 3.95p and 1.47p: the 0.12p rounds down to nothing, so is left out.
    expect(debts.filter(({ from }) => from === 'Rz/4')).toEqual([
      { from: 'Rz/4', to: '62', amountPence: 4 },
      { from: 'Rz/4', to: 'Q5kj', amountPence: 4 },
      { from: 'Rz/4', to: 'E4{9 ', amountPence: 4 },
      { from: 'Rz/4', to: '7', amountPence: 1 },
    ]);
    for (const { memberId, amountPence } of payers)
      expect(owedTo(debts, memberId)).toBe(
        amountPence - (shares.find((share) => share.memberId === memberId)?.amountPence ?? 0),
      );
  });

  it('agrees with the net positions for any expense (property)', () => {
    fc.assert(
      fc.property(expenseArb, ({ shares, payers }) => {
        const debts = expenseDebts(shares, payers);
        const amountOf = (parts: typeof shares, memberId: string) =>
          parts.find((part) => part.memberId === memberId)?.amountPence ?? 0;
        for (const { memberId } of [...shares, ...payers])
          expect(owedTo(debts, memberId)).toBe(amountOf(payers, memberId) - amountOf(shares, memberId));
        for (const { amountPence } of debts) expect(amountPence).toBeGreaterThan(0);
        // Each sharer's part of each payer is its exact value, share × paid ÷ total, rounded down or up.
        for (const debt of debts)
          expect(Math.abs(debt.amountPence - exactPart(shares, payers, debt))).toBeLessThan(1);
      }),
    );
  });
});

describe('directPlan', () => {
  it('nets each pair, so a repayment shrinks exactly that debt', () => {
    const debts = [
      { from: 'cat', to: 'ann', amountPence: 1500 },
      { from: 'ann', to: 'cat', amountPence: 500 },
      { from: 'dan', to: 'ann', amountPence: 900 },
      ...repaymentDebts('dan', 'ann', 900),
    ];
    expect(directPlan(debts)).toEqual([{ from: 'cat', to: 'ann', amountPence: 1000 }]);
  });

  it('brings every position to zero once paid, and reversing everything leaves nothing (property)', () => {
    fc.assert(
      fc.property(fc.array(expenseArb, { minLength: 1, maxLength: 5 }), (expenses) => {
        const debts = expenses.flatMap(({ shares, payers }) => expenseDebts(shares, payers));
        const plan = directPlan(debts);
        const paid = plan.flatMap(({ from, to, amountPence }) => repaymentDebts(from, to, amountPence));
        expect(directPlan([...debts, ...paid])).toEqual([]);
        expect(directPlan([...debts, ...reversed(debts)])).toEqual([]);
        for (const { amountPence } of plan) expect(amountPence).toBeGreaterThan(0);
      }),
    );
  });
});

describe('passOnDebts', () => {
  it('lets a settled member leave: who owed them now owes their creditor', () => {
    const debts = [
      { from: 'ben', to: 'ann', amountPence: 1000 },
      { from: 'cat', to: 'ben', amountPence: 1000 },
    ];
    expect(directPlan([...debts, ...passOnDebts('ben', debts)])).toEqual([
      { from: 'cat', to: 'ann', amountPence: 1000 },
    ]);
  });

  it('refuses a member who still owes or is owed', () => {
    expect(() => passOnDebts('ben', [{ from: 'ben', to: 'ann', amountPence: 1 }])).toThrow(/zero/);
  });

  it('moves nobody else’s position and leaves the member with no pair (property)', () => {
    fc.assert(
      fc.property(fc.array(expenseArb, { minLength: 1, maxLength: 4 }), (expenses) => {
        const debts = expenses.flatMap(({ shares, payers }) => expenseDebts(shares, payers));
        const members = [...new Set(debts.flatMap(({ from, to }) => [from, to]))];
        const leaver = members[0];
        // Settle the leaver first, as the pot requires: they pay back (or are paid) what the plan says.
        const settled = [
          ...debts,
          ...directPlan(debts)
            .filter(({ from, to }) => from === leaver || to === leaver)
            .flatMap(({ from, to, amountPence }) => repaymentDebts(from, to, amountPence)),
        ];
        const after = [...settled, ...passOnDebts(leaver, settled)];
        for (const memberId of members) expect(owedTo(after, memberId)).toBe(owedTo(settled, memberId));
        expect(directPlan(after).some(({ from, to }) => from === leaver || to === leaver)).toBe(false);
      }),
    );
  });
});
