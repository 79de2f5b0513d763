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
      a: { net: 666, share: 334, paid: 1000, paidCount: 1 },
      b: { net: -333, share: 333, paid: 0, paidCount: 0 },
      c: { net: -333, share: 333, paid: 0, paidCount: 0 },
    });
  });

  it('moves no position for a pot-paid expense but counts the shares', () => {
    const deltas = memberDeltas({ paidFrom: 'pot', payerMemberId: null, amountPence: 1000, shares }, 1);
    expect([...deltas.values()].map((delta) => delta.net)).toEqual([0, 0, 0]);
    expect([...deltas.values()].map((delta) => delta.share)).toEqual([334, 333, 333]);
    expect([...deltas.values()].every((delta) => delta.paid === 0 && delta.paidCount === 0)).toBe(true);
  });

  it('undoes exactly what it did (edit = reverse + apply)', () => {
    const effect = { paidFrom: 'member' as const, payerMemberId: 'b', amountPence: 1000, shares };
    const merged = mergeDeltas(memberDeltas(effect, 1), memberDeltas(effect, -1));
    expect([...merged.values()].every((delta) => Object.values(delta).every((value) => value === 0))).toBe(
      true,
    );
  });

  it('sums positions to zero and counts the amount once as paid by the payer (property)', () => {
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
          const values = [...deltas.values()];
          // Positions sum to zero; what was paid for the group is the whole amount, once, by the payer.
          return (
            values.reduce((sum, delta) => sum + delta.net, 0) === 0 &&
            values.reduce((sum, delta) => sum + delta.paid, 0) === total &&
            deltas.get(payer)?.paidCount === 1 &&
            values.reduce((sum, delta) => sum + delta.share, 0) === total
          );
        },
      ),
    );
  });
});
