import fc from 'fast-check';

import { directPlan } from './direct-debts';
import {
  POT_PARTY,
  type PotMovement,
  potPositions,
  settleUpWithPot,
  splitPotTransfers,
} from './pot-positions';
import type { Transfer } from './settle-up';
import { splitEqually } from './split';
import { partitionArb } from './test-support';

const MEMBERS = ['ann', 'ben', 'cat', 'dan', 'eve'];

/** Each transfer done the way Kitty does it: from the pot, a withdrawal; into it, a top-up; else a payment. */
function carriedOut(plan: readonly Transfer[]): PotMovement[] {
  return plan.map(({ from, to, amountPence }): PotMovement => {
    if (from === POT_PARTY) return { kind: 'own_money', memberId: to, changePence: -amountPence };
    if (to === POT_PARTY) return { kind: 'own_money', memberId: from, changePence: amountPence };
    return { kind: 'payment', from, to, amountPence };
  });
}

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

const memberArb = fc.constantFrom(...MEMBERS);
const sharersArb = fc.subarray(MEMBERS, { minLength: 1 });
const amountArb = fc.integer({ min: 1, max: 100_000 });

/** Any history: money in and out, expenses paid by the pot or by one or more members, payments back. */
const movementArb: fc.Arbitrary<PotMovement> = fc.oneof(
  fc
    .record({ memberId: memberArb, changePence: amountArb })
    .map((m) => ({ kind: 'own_money', ...m }) as const),
  fc
    .record({ memberId: memberArb, changePence: amountArb })
    .map((m) => ({ kind: 'own_money', memberId: m.memberId, changePence: -m.changePence }) as const),
  fc.record({ amountPence: amountArb, sharers: sharersArb }).map(
    ({ amountPence, sharers }): PotMovement => ({
      kind: 'expense',
      payers: 'pot',
      amountPence,
      shares: splitEqually(amountPence, sharers),
    }),
  ),
  fc
    .record({ amountPence: amountArb, sharers: sharersArb, payers: fc.subarray(MEMBERS, { minLength: 1 }) })
    .chain(({ amountPence, sharers, payers }) =>
      // Each payer pays at least a penny: the parts share out what is left over after those pennies.
      partitionArb(amountPence, payers.length).map((parts): PotMovement => ({
        kind: 'expense',
        payers: payers.map((memberId, index) => ({ memberId, amountPence: parts[index] + 1 })),
        amountPence: amountPence + payers.length,
        shares: splitEqually(amountPence + payers.length, sharers),
      })),
    ),
  fc
    .record({ from: memberArb, to: memberArb, amountPence: amountArb })
    .filter(({ from, to }) => from !== to)
    .map((m) => ({ kind: 'payment', ...m }) as const),
);

describe('potPositions', () => {
  it("counts money put into the pot for whoever put it in: Ann's £30 pays Ben's and Cat's ferry", () => {
    const { positions, potBalancePence } = potPositions([
      { kind: 'own_money', memberId: 'ann', changePence: 3000 },
      {
        kind: 'expense',
        payers: 'pot',
        amountPence: 2700,
        shares: splitEqually(2700, ['ann', 'ben', 'cat']),
      },
    ]);
    expect(Object.fromEntries(positions)).toEqual({ ann: 2100, ben: -900, cat: -900 });
    expect(potBalancePence).toBe(300);
    const plan = settleUpWithPot(positions);
    expect(splitPotTransfers(plan)).toEqual({
      betweenMembers: [
        { from: 'ben', to: 'ann', amountPence: 900 },
        { from: 'cat', to: 'ann', amountPence: 900 },
      ],
      withPot: [{ from: POT_PARTY, to: 'ann', amountPence: 300 }],
    });
  });

  it('counts a withdrawal or a card payment from the pot against the member who made it', () => {
    const { positions, potBalancePence } = potPositions([
      { kind: 'own_money', memberId: 'ann', changePence: 5000 },
      { kind: 'own_money', memberId: 'ben', changePence: 2000 },
      { kind: 'own_money', memberId: 'ben', changePence: -1500 },
    ]);
    expect(Object.fromEntries(positions)).toEqual({ ann: 5000, ben: 500 });
    expect(potBalancePence).toBe(5500);
  });

  it('property: the positions always add up to what the pot holds, and the pairs agree with them', () => {
    fc.assert(
      fc.property(fc.array(movementArb, { maxLength: 40 }), (movements) => {
        const { positions, potBalancePence, debts } = potPositions(movements);
        expect(sum(positions.values())).toBe(potBalancePence);
        // Each member's direct debts net to their position; the pot's to minus its balance.
        const netOfPairs = new Map<string, number>();
        for (const { from, to, amountPence } of debts) {
          netOfPairs.set(from, (netOfPairs.get(from) ?? 0) - amountPence);
          netOfPairs.set(to, (netOfPairs.get(to) ?? 0) + amountPence);
        }
        for (const [memberId, position] of positions) expect(netOfPairs.get(memberId) ?? 0).toBe(position);
        expect((netOfPairs.get(POT_PARTY) ?? 0) + potBalancePence).toBe(0);
      }),
    );
  });

  it('property: carrying out either settle-up plan leaves every member at zero and the pot empty', () => {
    fc.assert(
      fc.property(fc.array(movementArb, { maxLength: 40 }), fc.boolean(), (movements, simplify) => {
        const before = potPositions(movements);
        const plan = simplify ? settleUpWithPot(before.positions) : directPlan(before.debts);
        const after = potPositions([...movements, ...carriedOut(plan)]);
        for (const [memberId, position] of after.positions)
          expect([memberId, position]).toEqual([memberId, 0]);
        expect(after.potBalancePence).toBe(0);
      }),
    );
  });
});
