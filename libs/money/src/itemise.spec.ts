import fc from 'fast-check';

import { EmptySplitError, InvalidAmountError, InvalidSplitValueError } from './errors';
import { type BillLine, billTotals, splitItemised } from './itemise';
import type { SplitShare } from './split';
import { memberIdsArb } from './test-support';

const sum = (shares: readonly SplitShare[]) =>
  shares.reduce((total, { amountPence }) => total + amountPence, 0);

/** Members, and lines each shared by a non-empty subset of them. */
const billArb = memberIdsArb(1, 12).chain((ids) =>
  fc.record({
    ids: fc.constant(ids),
    lines: fc.array(
      fc.record({
        amount: fc.integer({ min: 1, max: 10 ** 7 }),
        memberIds: fc.shuffledSubarray(ids, { minLength: 1 }),
      }),
      { minLength: 1, maxLength: 15 },
    ),
  }),
);

/**
 * Each member's exact share, as a fraction over a common denominator computed independently of the
 * implementation (the product of the line sizes rather than their lcm).
 */
function exactWeights(ids: readonly string[], lines: readonly BillLine[]): bigint[] {
  const product = lines.reduce((acc, line) => acc * BigInt(line.memberIds.length), 1n);
  return ids.map((id) =>
    lines
      .filter((line) => line.memberIds.includes(id))
      .reduce((acc, line) => acc + (BigInt(line.amount) * product) / BigInt(line.memberIds.length), 0n),
  );
}

describe('billTotals', () => {
  it('adds the lines, a fixed tax and a percentage service rounded half up', () => {
    const lines = [
      { amount: 1004, memberIds: ['ann'] },
      { amount: 1000, memberIds: ['ben'] },
    ];
    // 12.5% of £20.04 = £2.505 → £2.51.
    expect(billTotals(lines, [{ amount: 150 }, { basisPoints: 1250 }])).toEqual({
      subtotal: 2004,
      extras: [150, 251],
      total: 2405,
    });
    expect(billTotals(lines)).toEqual({ subtotal: 2004, extras: [], total: 2004 });
  });

  it('refuses no lines, lines of nothing and negative extras', () => {
    expect(() => billTotals([])).toThrow(EmptySplitError);
    expect(() => billTotals([{ amount: 0, memberIds: ['a'] }])).toThrow(InvalidAmountError);
    expect(() => billTotals([{ amount: 1, memberIds: ['a'] }], [{ amount: -1 }])).toThrow(InvalidAmountError);
    expect(() => billTotals([{ amount: 1, memberIds: ['a'] }], [{ basisPoints: 0.5 }])).toThrow(
      InvalidAmountError,
    );
  });

  it('property: a percentage extra is within half a unit of its exact value, and ties round up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10_000 }),
        (subtotal, basisPoints) => {
          const { extras, total } = billTotals([{ amount: subtotal, memberIds: ['a'] }], [{ basisPoints }]);
          // 10,000 × extra − subtotal × bp lies in (−5,000, 5,000].
          const gap = BigInt(extras[0]) * 10_000n - BigInt(subtotal) * BigInt(basisPoints);
          expect(gap > -5_000n && gap <= 5_000n).toBe(true);
          expect(total).toBe(subtotal + extras[0]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('splitItemised', () => {
  it('shares each line among its people and tax or service in proportion to what they had', () => {
    // Pizza £30 for Ann and Ben, salad £12 for Cat, 12.5% service: £47.25 in all.
    const lines = [
      { amount: 3000, memberIds: ['ann', 'ben'] },
      { amount: 1200, memberIds: ['cat'] },
    ];
    const { total } = billTotals(lines, [{ basisPoints: 1250 }]);
    expect(total).toBe(4725);
    expect(splitItemised(total, lines, ['ann', 'ben', 'cat', 'dan'])).toEqual([
      { memberId: 'ann', amountPence: 1688 },
      { memberId: 'ben', amountPence: 1687 },
      { memberId: 'cat', amountPence: 1350 },
      { memberId: 'dan', amountPence: 0 },
    ]);
  });

  it('does not round each line first: three lines of 1p shared by two are 2p and 1p, not 3p and 0p', () => {
    const lines = [1, 2, 3].map(() => ({ amount: 1, memberIds: ['ann', 'ben'] }));
    expect(splitItemised(3, lines, ['ann', 'ben']).map(({ amountPence }) => amountPence)).toEqual([2, 1]);
  });

  it('shares a bill in another currency in proportion to its lines (the total is in pence)', () => {
    // €40 + €20 came to £51.48 at the bank.
    const lines = [
      { amount: 4000, memberIds: ['ann'] },
      { amount: 2000, memberIds: ['ben'] },
    ];
    expect(splitItemised(5148, lines, ['ann', 'ben']).map(({ amountPence }) => amountPence)).toEqual([
      3432, 1716,
    ]);
  });

  it('refuses people on a line who are not in the split, empty lines and no members', () => {
    expect(() => splitItemised(100, [{ amount: 100, memberIds: ['zed'] }], ['ann'])).toThrow(
      InvalidSplitValueError,
    );
    expect(() => splitItemised(100, [{ amount: 100, memberIds: [] }], ['ann'])).toThrow(EmptySplitError);
    expect(() => splitItemised(100, [], ['ann'])).toThrow(EmptySplitError);
    expect(() => splitItemised(0, [{ amount: 100, memberIds: ['ann'] }], ['ann'])).toThrow(
      InvalidAmountError,
    );
  });

  it('property: shares sum to the total, each is within 1p of its exact proportion, in the order given, deterministically', () => {
    fc.assert(
      fc.property(billArb, fc.integer({ min: 1, max: 10 ** 9 }), ({ ids, lines }, total) => {
        const shares = splitItemised(total, lines, ids);
        expect(shares.map(({ memberId }) => memberId)).toEqual(ids);
        expect(sum(shares)).toBe(total);
        const weights = exactWeights(ids, lines);
        const weightSum = weights.reduce((a, b) => a + b, 0n);
        shares.forEach(({ amountPence }, index) => {
          const gap = BigInt(amountPence) * weightSum - BigInt(total) * weights[index];
          expect(gap < weightSum && -gap < weightSum).toBe(true);
          if (weights[index] === 0n) expect(amountPence).toBe(0);
        });
        expect(splitItemised(total, lines, ids)).toEqual(shares);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: with tax and service, the shares add up to the bill and nobody in no line pays', () => {
    fc.assert(
      fc.property(
        billArb,
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 3000 }),
        ({ ids, lines }, tax, serviceBasisPoints) => {
          const { total } = billTotals(lines, [{ amount: tax }, { basisPoints: serviceBasisPoints }]);
          const shares = splitItemised(total, lines, ids);
          expect(sum(shares)).toBe(total);
          const inALine = new Set(lines.flatMap((line) => line.memberIds));
          for (const share of shares) if (!inALine.has(share.memberId)) expect(share.amountPence).toBe(0);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
