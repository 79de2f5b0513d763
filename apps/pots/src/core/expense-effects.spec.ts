import { splitByShares } from '@kitty/money';
import fc from 'fast-check';

import { type ExpenseEffect, memberDeltas, mergeDeltas } from './expense-effects';

const shares = [
  { memberId: 'a', amountPence: 334 },
  { memberId: 'b', amountPence: 333 },
  { memberId: 'c', amountPence: 333 },
];
const paidBy = (...payers: [string, number][]): ExpenseEffect => ({
  paidFrom: 'member',
  payers: payers.map(([memberId, amountPence]) => ({ memberId, amountPence })),
  amountPence: 1000,
  shares,
});

describe('memberDeltas', () => {
  it('credits the payer and debits every sharer for a member-paid expense', () => {
    const deltas = memberDeltas(paidBy(['a', 1000]), 1);
    expect(Object.fromEntries(deltas)).toEqual({
      a: { net: 666, share: 334, paid: 1000, paidCount: 1 },
      b: { net: -333, share: 333, paid: 0, paidCount: 0 },
      c: { net: -333, share: 333, paid: 0, paidCount: 0 },
    });
  });

  it('credits each of several payers with what they paid, and counts the expense once', () => {
    const deltas = memberDeltas(paidBy(['a', 600], ['d', 400]), 1);
    expect(Object.fromEntries(deltas)).toEqual({
      a: { net: 266, share: 334, paid: 600, paidCount: 1 },
      b: { net: -333, share: 333, paid: 0, paidCount: 0 },
      c: { net: -333, share: 333, paid: 0, paidCount: 0 },
      d: { net: 400, share: 0, paid: 400, paidCount: 0 },
    });
  });

  it("debits each sharer of a pot-paid expense their share: the pot paid with its members' own money", () => {
    const deltas = memberDeltas({ paidFrom: 'pot', payers: [], amountPence: 1000, shares }, 1);
    expect([...deltas.values()].map((delta) => delta.net)).toEqual([-334, -333, -333]);
    expect([...deltas.values()].map((delta) => delta.share)).toEqual([334, 333, 333]);
    expect([...deltas.values()].every((delta) => delta.paid === 0 && delta.paidCount === 0)).toBe(true);
  });

  it('undoes exactly what it did (edit = reverse + apply)', () => {
    const effect = paidBy(['b', 700], ['c', 300]);
    const merged = mergeDeltas(memberDeltas(effect, 1), memberDeltas(effect, -1));
    expect([...merged.values()].every((delta) => Object.values(delta).every((value) => value === 0))).toBe(
      true,
    );
  });

  it('moves positions from the old payers to the new ones when an edit changes who paid', () => {
    const merged = mergeDeltas(
      memberDeltas(paidBy(['a', 1000]), -1),
      memberDeltas(paidBy(['a', 600], ['b', 400]), 1),
    );
    expect(Object.fromEntries([...merged].map(([memberId, delta]) => [memberId, delta.net]))).toEqual({
      a: -400,
      b: 400,
      c: 0,
    });
  });

  it('sums positions to zero and credits each payer exactly what they paid (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        (paid, weights, payersShare) => {
          const total = paid.reduce((sum, amount) => sum + amount, 0);
          const payers = paid.map((amountPence, i) => ({ memberId: `m${i}`, amountPence }));
          // The sharers are the payers themselves (and more people), or other people altogether.
          const split = splitByShares(
            total,
            weights.map((weight, i) => [`${payersShare ? 'm' : 's'}${i}`, weight] as const),
          );
          const deltas = memberDeltas({ paidFrom: 'member', payers, amountPence: total, shares: split }, 1);
          const values = [...deltas.values()];
          const shareOf = (memberId: string) =>
            split.find((share) => share.memberId === memberId)?.amountPence ?? 0;
          return (
            values.reduce((sum, delta) => sum + delta.net, 0) === 0 &&
            payers.every(
              ({ memberId, amountPence }) =>
                deltas.get(memberId)?.paid === amountPence &&
                deltas.get(memberId)?.net === amountPence - shareOf(memberId),
            ) &&
            values.reduce((sum, delta) => sum + delta.paid, 0) === total &&
            values.reduce((sum, delta) => sum + delta.paidCount, 0) === 1 &&
            values.reduce((sum, delta) => sum + delta.share, 0) === total
          );
        },
      ),
    );
  });
});
