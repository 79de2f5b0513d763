import fc from 'fast-check';

import { apportion } from './largest-remainder';

describe('apportion (largest remainder)', () => {
  it('gives the spare units to the largest remainders', () => {
    // Exact shares 3.5, 2.333…, 1.166…: floors 3, 2, 1 and one unit left for the largest remainder (0.5).
    expect(apportion(7, [3n, 2n, 1n])).toEqual([4, 2, 1]);
    // Exact 33.3, 33.3, 33.3 → remainders equal: the first member gets the spare penny.
    expect(apportion(100, [1n, 1n, 1n])).toEqual([34, 33, 33]);
    expect(apportion(1, [1n, 1n, 1n])).toEqual([1, 0, 0]);
  });

  it('does not lose precision when total × weight passes 2^53', () => {
    const total = 900_000_000_000;
    const parts = apportion(total, [10n ** 9n, 10n ** 9n + 1n, 3n]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
    // Exact shares 449999999100.0018…, 449999999550.0009…, 1349.99999…: the spare penny goes to the last.
    expect(parts).toEqual([449_999_999_100, 449_999_999_550, 1_350]);
  });

  it('property: parts sum to the total, sit on floor or floor + 1, and the +1s go to the largest remainders, ties first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 50 }),
        (total, weights) => {
          fc.pre(weights.some((weight) => weight > 0n));
          const parts = apportion(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0n);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const remainders = weights.map((weight) => (BigInt(total) * weight) % sum);
          const up = parts.map((part, index) => BigInt(part) !== (BigInt(total) * weights[index]) / sum);
          parts.forEach((part, index) => {
            expect(BigInt(part) - (BigInt(total) * weights[index]) / sum).toBeLessThanOrEqual(1n);
          });
          for (let i = 0; i < parts.length; i++) {
            for (let j = 0; j < parts.length; j++) {
              if (!up[i] || up[j]) continue;
              // i got a spare unit and j did not: i's remainder is larger, or equal with i earlier.
              expect(remainders[i] > remainders[j] || (remainders[i] === remainders[j] && i < j)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
