import fc from 'fast-check';

import { DuplicateMemberError, InvalidAmountError, UnbalancedPositionsError } from './errors';
import { positionsDelta, settlementDelta } from './positions';
import { EXACT_SETTLE_UP_MAX_MEMBERS, settleUp, type Transfer } from './settle-up';
import { splitEqually } from './split';
import { positionsArb } from './test-support';

type Positions = Array<[string, number]>;

/** Positions after the transfers have been paid. */
function afterPaying(positions: Positions, transfers: readonly Transfer[]): Map<string, number> {
  const next = new Map(positions);
  for (const transfer of transfers) {
    for (const { memberId, deltaPence } of settlementDelta(transfer))
      next.set(memberId, (next.get(memberId) ?? 0) + deltaPence);
  }
  return next;
}

const nonZero = (positions: Positions) => positions.filter(([, value]) => value !== 0).length;

/**
 * Independent reference for the fewest transfers: a depth-first search in which the first unsettled
 * member is settled completely by one transfer with someone of the opposite sign (some optimal plan is
 * of that form). Exponential: small groups only.
 */
function bruteForceMinimum(values: readonly number[]): number {
  const open = values.filter((value) => value !== 0);
  const search = (start: number): number => {
    while (start < open.length && open[start] === 0) start++;
    if (start === open.length) return 0;
    let best = Number.POSITIVE_INFINITY;
    for (let other = start + 1; other < open.length; other++) {
      if (Math.sign(open[other]) !== -Math.sign(open[start])) continue;
      open[other] += open[start];
      best = Math.min(best, 1 + search(start + 1));
      open[other] -= open[start];
    }
    return best;
  };
  return search(0);
}

describe('settleUp', () => {
  it('has the debtor pay the creditor', () => {
    expect(settleUp({ ann: 1000, bob: -1000 })).toEqual([{ from: 'bob', to: 'ann', amountPence: 1000 }]);
  });

  it('lists the largest transfer first, then by payer and payee', () => {
    expect(settleUp({ cat: -1000, ann: 3000, bob: -1000, dan: -1000 })).toEqual([
      { from: 'bob', to: 'ann', amountPence: 1000 },
      { from: 'cat', to: 'ann', amountPence: 1000 },
      { from: 'dan', to: 'ann', amountPence: 1000 },
    ]);
  });

  it('finds the fewest transfers by settling groups that owe each other exactly', () => {
    // {a, c, d} and {b, e} each sum to zero: 2 + 1 transfers instead of 4.
    expect(settleUp({ a: -600, b: -500, c: 400, d: 200, e: 500 })).toEqual([
      { from: 'b', to: 'e', amountPence: 500 },
      { from: 'a', to: 'c', amountPence: 400 },
      { from: 'a', to: 'd', amountPence: 200 },
    ]);
  });

  it('handles the worst case for the exact search: twelve members and many zero-sum groups', () => {
    const positions: Positions = Array.from({ length: 12 }, (_, index) => [
      `m${index}`,
      index % 2 === 0 ? -1 : 1,
    ]);
    const plan = settleUp(positions);
    expect(plan).toHaveLength(6);
    expect([...afterPaying(positions, plan).values()].every((value) => value === 0)).toBe(true);
  });

  it('has nothing to do when everyone is square', () => {
    expect(settleUp({})).toEqual([]);
    expect(settleUp({ ann: 0, bob: 0 })).toEqual([]);
  });

  it('refuses positions that do not balance or are not pence', () => {
    expect(() => settleUp({ ann: 100, bob: -99 })).toThrow(new UnbalancedPositionsError(1));
    expect(() => settleUp({ ann: 0.5, bob: -0.5 })).toThrow(InvalidAmountError);
    expect(() => settleUp({ ann: Number.MAX_SAFE_INTEGER, bob: -Number.MAX_SAFE_INTEGER })).toThrow(
      InvalidAmountError,
    );
    expect(() =>
      settleUp([
        ['ann', 1],
        ['ann', -1],
      ]),
    ).toThrow(DuplicateMemberError);
  });

  it('property: the plan settles everyone directly, in at most n − 1 transfers, sorted', () => {
    fc.assert(
      fc.property(
        fc.oneof(positionsArb(1, 30, 10), positionsArb(1, 30, 10 ** 9), positionsArb(13, 60, 5_000)),
        (positions) => {
          const plan = settleUp(positions);
          expect([...afterPaying(positions, plan).values()].every((value) => value === 0)).toBe(true);
          expect(plan.length).toBeLessThanOrEqual(Math.max(0, nonZero(positions) - 1));
          const initial = new Map(positions);
          for (const { from, to, amountPence } of plan) {
            expect(amountPence).toBeGreaterThan(0);
            expect(initial.get(from)).toBeLessThan(0);
            expect(initial.get(to)).toBeGreaterThan(0);
          }
          const sorted = [...plan].sort(
            (a, b) =>
              b.amountPence - a.amountPence ||
              (a.from < b.from ? -1 : a.from > b.from ? 1 : 0) ||
              (a.to < b.to ? -1 : a.to > b.to ? 1 : 0),
          );
          expect(plan).toEqual(sorted);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: deterministic — the same positions in any order give the same plan', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(positionsArb(1, 12, 10), positionsArb(13, 40, 1000))
          .chain((positions) =>
            fc.tuple(fc.constant(positions), fc.shuffledSubarray(positions, { minLength: positions.length })),
          ),
        ([positions, shuffled]) => {
          expect(settleUp(shuffled)).toEqual(settleUp(positions));
          expect(settleUp(positions)).toEqual(settleUp(positions));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('property: up to 8 members, as few transfers as a brute-force search finds', () => {
    fc.assert(
      fc.property(fc.oneof(positionsArb(1, 8, 6), positionsArb(1, 8, 10 ** 6)), (positions) => {
        expect(settleUp(positions)).toHaveLength(bruteForceMinimum(positions.map(([, value]) => value)));
      }),
      { numRuns: 3000 },
    );
  });

  it(`property: up to ${EXACT_SETTLE_UP_MAX_MEMBERS} members, never more transfers than a brute-force search`, () => {
    // Built from a known partition: k zero-sum groups of sizes ≥ 2 → at most n − k transfers.
    const groupsArb = fc.array(
      fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 3 }).map((credits) => {
        const total = credits.reduce((a, b) => a + b, 0);
        return [...credits, -total];
      }),
      { minLength: 1, maxLength: 3 },
    );
    fc.assert(
      fc.property(groupsArb, (groups) => {
        const positions: Positions = groups
          .flat()
          .map((value, index) => [`m${String(index).padStart(2, '0')}`, value]);
        expect(settleUp(positions).length).toBeLessThanOrEqual(positions.length - groups.length);
      }),
      { numRuns: 300 },
    );
  });

  it('property: above the exact limit, exact opposites settle directly with each other', () => {
    fc.assert(
      // The pair's amount is larger than anyone else's (the balancing member's included), so it is unique.
      fc.property(
        positionsArb(13, 100, 10 ** 6),
        fc.integer({ min: 2 * 10 ** 8, max: 10 ** 9 }),
        (positions, amount) => {
          fc.pre(nonZero(positions) > EXACT_SETTLE_UP_MAX_MEMBERS);
          const withPair: Positions = [...positions, ['pair-debtor', -amount], ['pair-creditor', amount]];
          expect(settleUp(withPair)).toContainEqual({
            from: 'pair-debtor',
            to: 'pair-creditor',
            amountPence: amount,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('handles a realistic group of 200 after a year of equal splits', () => {
    const members = Array.from({ length: 200 }, (_, index) => `member-${String(index).padStart(3, '0')}`);
    const positions = new Map(members.map((id) => [id, 0]));
    for (let expense = 0; expense < 2000; expense++) {
      const among = members.filter((_, index) => (index * 7 + expense) % 5 !== 0);
      const shares = splitEqually(1000 + ((expense * 337) % 9000), among);
      for (const { memberId, deltaPence } of positionsDelta(members[(expense * 13) % 200], shares)) {
        positions.set(memberId, (positions.get(memberId) ?? 0) + deltaPence);
      }
    }
    const plan = settleUp(positions);
    expect(plan.length).toBeLessThanOrEqual(199);
    expect([...afterPaying([...positions], plan).values()].every((value) => value === 0)).toBe(true);
  });

  describe('with the previous plan', () => {
    it('keeps the rest of the plan when one transfer is paid, even if another plan is as short', () => {
      // Once e has paid f, {a, b} + {c, d} and {a, d} + {c, b} are equally short; a fresh plan picks the
      // first, the plan people were shown is the second.
      const before: Positions = [
        ['a', -3],
        ['b', 3],
        ['c', -3],
        ['d', 3],
        ['e', -5],
        ['f', 5],
      ];
      const previous: Transfer[] = [
        { from: 'e', to: 'f', amountPence: 5 },
        { from: 'a', to: 'd', amountPence: 3 },
        { from: 'c', to: 'b', amountPence: 3 },
      ];
      const after = [...afterPaying(before, [previous[0]])];
      expect(settleUp(after)).toEqual([
        { from: 'a', to: 'b', amountPence: 3 },
        { from: 'c', to: 'd', amountPence: 3 },
      ]);
      expect(settleUp(after, { previous })).toEqual(previous.slice(1));
    });

    it('ignores a previous plan that no longer fits or makes no sense', () => {
      const positions: Positions = [
        ['a', -5],
        ['b', 5],
      ];
      const fresh = settleUp(positions);
      const unusable: Transfer[][] = [
        [{ from: 'b', to: 'a', amountPence: 5 }], // reversed
        [{ from: 'a', to: 'a', amountPence: 5 }], // to oneself
        [
          { from: 'a', to: 'x', amountPence: 5 },
          { from: 'x', to: 'b', amountPence: 5 },
        ], // through a stranger
        [
          { from: 'a', to: 'b', amountPence: 5 },
          { from: 'a', to: 'b', amountPence: 5 },
        ], // a cycle
        [], // leaves debts unpaid
      ];
      for (const previous of unusable) expect(settleUp(positions, { previous })).toEqual(fresh);
    });

    it('property: paying a transfer (in full or in part) leaves the rest of the plan as it was, unless a shorter plan exists', () => {
      fc.assert(
        fc.property(
          fc.oneof(positionsArb(2, 12, 20), positionsArb(2, 40, 10 ** 6)),
          fc.nat(),
          fc.nat(),
          fc.boolean(),
          (positions, pick, part, inFull) => {
            const previous = settleUp(positions);
            fc.pre(previous.length > 0);
            const paid = previous[pick % previous.length];
            const amountPence =
              inFull || paid.amountPence === 1 ? paid.amountPence : 1 + (part % (paid.amountPence - 1));
            const after = [...afterPaying(positions, [{ ...paid, amountPence }])];
            const expected = previous
              .map((transfer) =>
                transfer === paid ? { ...paid, amountPence: paid.amountPence - amountPence } : transfer,
              )
              .filter((transfer) => transfer.amountPence > 0);

            const next = settleUp(after, { previous });
            if (next.length < expected.length) return;
            expect([...next].sort(byIds)).toEqual([...expected].sort(byIds));
          },
        ),
        { numRuns: 2000 },
      );
    });
  });
});

function byIds(a: Transfer, b: Transfer): number {
  const left = `${a.from}\u0000${a.to}`;
  const right = `${b.from}\u0000${b.to}`;
  return left < right ? -1 : left > right ? 1 : 0;
}
