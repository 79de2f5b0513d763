import fc from 'fast-check';

import {
  DuplicateMemberError,
  EmptySplitError,
  InvalidAmountError,
  InvalidDecimalError,
  InvalidMemberIdError,
  InvalidSplitValueError,
  PercentageSumMismatchError,
  SplitSumMismatchError,
} from './errors';
import {
  percentToBasisPoints,
  splitByExactAmounts,
  splitByPercentages,
  splitByShares,
  splitEqually,
  type SplitShare,
} from './split';
import { memberIdsArb, partitionArb, thrownBy } from './test-support';

const sum = (shares: readonly SplitShare[]) =>
  shares.reduce((total, { amountPence }) => total + amountPence, 0);

/** |share − total × weight / Σweights| < 1p, in exact integers: |share × Σ − total × weight| < Σ. */
function expectWithinOnePenny(
  shares: readonly SplitShare[],
  total: number,
  weights: readonly number[],
): void {
  const weightSum = weights.reduce((a, b) => a + BigInt(b), 0n);
  shares.forEach(({ amountPence }, index) => {
    const gap = BigInt(amountPence) * weightSum - BigInt(total) * BigInt(weights[index]);
    expect(gap < weightSum && -gap < weightSum).toBe(true);
  });
}

const totalArb = fc.integer({ min: 1, max: 10 ** 9 });

describe('splitEqually', () => {
  it('spreads the spare pennies over the first members, in input order', () => {
    expect(splitEqually(1000, ['ann', 'bob', 'cat'])).toEqual([
      { memberId: 'ann', amountPence: 334 },
      { memberId: 'bob', amountPence: 333 },
      { memberId: 'cat', amountPence: 333 },
    ]);
    expect(splitEqually(1001, ['cat', 'bob', 'ann']).map(({ amountPence }) => amountPence)).toEqual([
      334, 334, 333,
    ]);
    expect(splitEqually(2, ['a', 'b', 'c']).map(({ amountPence }) => amountPence)).toEqual([1, 1, 0]);
  });

  it.each([0, -1, 0.5, Number.NaN])('refuses the total %p', (total) => {
    expect(() => splitEqually(total, ['a'])).toThrow(InvalidAmountError);
  });

  it('refuses no members, duplicates and empty ids', () => {
    expect(() => splitEqually(100, [])).toThrow(EmptySplitError);
    expect(() => splitEqually(100, ['a', 'b', 'a'])).toThrow(new DuplicateMemberError('a'));
    expect(() => splitEqually(100, ['a', ''])).toThrow(InvalidMemberIdError);
  });

  it('property: shares sum to the total, are within 1p of equal, and are deterministic', () => {
    fc.assert(
      fc.property(totalArb, memberIdsArb(1, 50), (total, ids) => {
        const shares = splitEqually(total, ids);
        expect(shares.map(({ memberId }) => memberId)).toEqual(ids);
        expect(sum(shares)).toBe(total);
        expectWithinOnePenny(
          shares,
          total,
          ids.map(() => 1),
        );
        expect(splitEqually(total, ids)).toEqual(shares);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('splitByExactAmounts', () => {
  it('keeps the amounts, in input order, when they add up', () => {
    expect(splitByExactAmounts(1000, { ann: 600, bob: 400, cat: 0 })).toEqual([
      { memberId: 'ann', amountPence: 600 },
      { memberId: 'bob', amountPence: 400 },
      { memberId: 'cat', amountPence: 0 },
    ]);
  });

  it('reports by how much the amounts miss the total', () => {
    const error = thrownBy(() => splitByExactAmounts(1000, { ann: 600, bob: 500 }));
    expect(error).toBeInstanceOf(SplitSumMismatchError);
    expect(error).toMatchObject({ totalPence: 1000, allocatedPence: 1100, differencePence: 100 });
  });

  it('refuses negative or fractional amounts, duplicates and empty input', () => {
    expect(() => splitByExactAmounts(100, { a: 150, b: -50 })).toThrow(InvalidSplitValueError);
    expect(() => splitByExactAmounts(100, { a: 99.5, b: 0.5 })).toThrow(InvalidSplitValueError);
    expect(() =>
      splitByExactAmounts(100, [
        ['a', 50],
        ['a', 50],
      ]),
    ).toThrow(DuplicateMemberError);
    expect(() => splitByExactAmounts(100, {})).toThrow(EmptySplitError);
  });

  it('property: accepts exactly the amounts that add up to the total', () => {
    const splitArb = totalArb.chain((total) =>
      memberIdsArb(1, 50).chain((ids) =>
        partitionArb(total, ids.length).map((amounts) => ({ total, ids, amounts })),
      ),
    );
    fc.assert(
      fc.property(splitArb, fc.integer({ min: -5, max: 5 }), ({ total, ids, amounts }, error) => {
        const pairs = ids.map((id, index): [string, number] => [id, amounts[index]]);
        expect(sum(splitByExactAmounts(total, pairs))).toBe(total);
        pairs[0][1] = Math.max(0, pairs[0][1] + error);
        const allocated = pairs.reduce((a, [, value]) => a + value, 0);
        if (allocated === total) return;
        expect(thrownBy(() => splitByExactAmounts(total, pairs))).toMatchObject({
          code: 'SPLIT_SUM_MISMATCH',
          differencePence: allocated - total,
        });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('splitByPercentages', () => {
  it('splits by basis points with the largest remainder', () => {
    // 33.33% / 33.33% / 33.34% of £10: 333.3p, 333.3p, 333.4p → the spare penny to the largest remainder.
    expect(splitByPercentages(1000, { ann: 3333, bob: 3333, cat: 3334 })).toEqual([
      { memberId: 'ann', amountPence: 333 },
      { memberId: 'bob', amountPence: 333 },
      { memberId: 'cat', amountPence: 334 },
    ]);
    expect(splitByPercentages(999, { ann: 5000, bob: 5000 }).map(({ amountPence }) => amountPence)).toEqual([
      500, 499,
    ]);
    expect(splitByPercentages(500, { ann: 10000, bob: 0 }).map(({ amountPence }) => amountPence)).toEqual([
      500, 0,
    ]);
  });

  it('reports by how much the percentages miss 100%', () => {
    const error = thrownBy(() => splitByPercentages(1000, { ann: 5000, bob: 4999 }));
    expect(error).toBeInstanceOf(PercentageSumMismatchError);
    expect(error).toMatchObject({ totalBasisPoints: 9999, differenceBasisPoints: -1 });
  });

  it.each([-1, 33.3, 10001, Number.NaN])('refuses the basis points %p', (value) => {
    expect(() => splitByPercentages(100, { a: value, b: 10000 - value })).toThrow(InvalidSplitValueError);
  });

  it('property: shares sum to the total and are within 1p of their exact percentage', () => {
    fc.assert(
      fc.property(
        totalArb,
        memberIdsArb(1, 50).chain((ids) => fc.tuple(fc.constant(ids), partitionArb(10_000, ids.length))),
        (total, [ids, basisPoints]) => {
          const pairs = ids.map((id, index): [string, number] => [id, basisPoints[index]]);
          const shares = splitByPercentages(total, pairs);
          expect(shares.map(({ memberId }) => memberId)).toEqual(ids);
          expect(sum(shares)).toBe(total);
          expectWithinOnePenny(shares, total, basisPoints);
          expect(splitByPercentages(total, pairs)).toEqual(shares);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('splitByShares', () => {
  it('splits by weight', () => {
    expect(splitByShares(1000, { ann: 2, bob: 1, cat: 1 }).map(({ amountPence }) => amountPence)).toEqual([
      500, 250, 250,
    ]);
    // 1001 × (2, 1, 1) / 4 = 500.5, 250.25, 250.25 → the spare penny to ann.
    expect(splitByShares(1001, { ann: 2, bob: 1, cat: 1 }).map(({ amountPence }) => amountPence)).toEqual([
      501, 250, 250,
    ]);
  });

  it('keeps the order of pairs even for ids that look like numbers', () => {
    const pairs: Array<[string, number]> = [
      ['b', 1],
      ['10', 1],
      ['2', 1],
    ];
    expect(splitByShares(100, pairs).map(({ memberId }) => memberId)).toEqual(['b', '10', '2']);
    expect(splitByShares(100, new Map(pairs)).map(({ memberId }) => memberId)).toEqual(['b', '10', '2']);
  });

  it.each([0, -1, 1.5, Number.POSITIVE_INFINITY])('refuses the weight %p', (weight) => {
    expect(() => splitByShares(100, { a: 1, b: weight })).toThrow(InvalidSplitValueError);
  });

  it('property: shares sum to the total, are within 1p of their exact share, and are deterministic', () => {
    fc.assert(
      fc.property(
        totalArb,
        memberIdsArb(1, 50).chain((ids) =>
          fc.tuple(
            fc.constant(ids),
            fc.array(fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 ** 9 })), {
              minLength: ids.length,
              maxLength: ids.length,
            }),
          ),
        ),
        (total, [ids, weights]) => {
          const pairs = ids.map((id, index): [string, number] => [id, weights[index]]);
          const shares = splitByShares(total, pairs);
          expect(shares.map(({ memberId }) => memberId)).toEqual(ids);
          expect(sum(shares)).toBe(total);
          expectWithinOnePenny(shares, total, weights);
          expect(splitByShares(total, pairs)).toEqual(shares);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('percentToBasisPoints', () => {
  it.each([
    ['12.5', 1250],
    ['33.33', 3333],
    ['100', 10000],
    ['0', 0],
    [50, 5000],
    [33.33, 3333],
    ['33.330', 3333],
  ])('reads %p as %p basis points', (input, expected) => {
    expect(percentToBasisPoints(input)).toBe(expected);
  });

  it.each(['33.333', '100.01', '-1', '1e2', '', 'abc'])('refuses %p', (input) => {
    expect(() => percentToBasisPoints(input)).toThrow(InvalidDecimalError);
  });
});
