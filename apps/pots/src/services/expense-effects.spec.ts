import fc from 'fast-check';

import { memberDeltas, mergeDeltas } from './expense-effects';

const shares = [
  { memberId: 'a', amountPence: 334 },
  { memberId: 'b', amountPence: 333 },
  { memberId: 'c', amountPence: 333 },
];

describe('memberDeltas', () => {
  it('credits the payer and debits every sharer for a member-paid expense', () => {
    const deltas = memberDeltas({ paidFrom: 'member', payerMemberId: 'a', amountPence: 1000, shares }, 1);
    expect(Object.fromEntries(deltas)).toEqual({
      a: { net: 666, share: 334 },
      b: { net: -333, share: 333 },
      c: { net: -333, share: 333 },
    });
  });

  it('moves no position for a pot-paid expense but counts the shares', () => {
    const deltas = memberDeltas({ paidFrom: 'pot', payerMemberId: null, amountPence: 1000, shares }, 1);
    expect([...deltas.values()].map((delta) => delta.net)).toEqual([0, 0, 0]);
    expect([...deltas.values()].map((delta) => delta.share)).toEqual([334, 333, 333]);
  });

  it('undoes exactly what it did (edit = reverse + apply)', () => {
    const effect = { paidFrom: 'member' as const, payerMemberId: 'b', amountPence: 1000, shares };
    const merged = mergeDeltas(memberDeltas(effect, 1), memberDeltas(effect, -1));
    expect([...merged.values()].every((delta) => delta.net === 0 && delta.share === 0)).toBe(true);
  });

  it('always sums positions to zero (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.nat(19),
        (amounts, payerIndex) => {
          const split = amounts.map((amountPence, i) => ({ memberId: `m${i}`, amountPence }));
          const total = amounts.reduce((sum, amount) => sum + amount, 0);
          const payer = `m${payerIndex % amounts.length}`;
          const deltas = memberDeltas(
            { paidFrom: 'member', payerMemberId: payer, amountPence: total, shares: split },
            1,
          );
          return [...deltas.values()].reduce((sum, delta) => sum + delta.net, 0) === 0;
        },
      ),
    );
  });
});
