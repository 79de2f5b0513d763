import fc from 'fast-check';

import { InvalidAmountError, InvalidResidencyError } from './errors';
import { MAX_FEE_AMOUNT_PENCE, PLATFORM_FEE_RATE_PERCENT, platformFee, type Residency } from './fee';
import { MAX_PENCE } from './pence';

const residencies: Residency[] = ['uk', 'international'];

/** Independent reference: quotient and remainder, rounding up when the remainder is at least half. */
function referenceFee(amountPence: bigint, ratePercent: bigint): bigint {
  const product = amountPence * ratePercent;
  const quotient = product / 100n;
  return product % 100n >= 50n ? quotient + 1n : quotient;
}

describe('platformFee', () => {
  it.each([
    [2500, 'uk', 50, 2, 2550],
    [2500, 'international', 150, 6, 2650],
    [100, 'uk', 2, 2, 102],
    [500000, 'international', 30000, 6, 530000],
    [25, 'uk', 1, 2, 26], // 0.5p rounds up
    [24, 'uk', 0, 2, 24], // 0.48p rounds down
    [75, 'uk', 2, 2, 77], // 1.5p rounds up
    [1, 'international', 0, 6, 1], // 0.06p
    [9, 'international', 1, 6, 10], // 0.54p
    [25, 'international', 2, 6, 27], // 1.5p rounds up
    [1999, 'uk', 40, 2, 2039], // 39.98p
  ] as const)(
    '%p pence, %s → fee %p (%p%), total %p',
    (amount, residency, feePence, ratePercent, totalPence) => {
      expect(platformFee(amount, residency)).toEqual({ feePence, ratePercent, totalPence });
    },
  );

  it('charges 2% to UK residents and 6% to international users (decisions.md §8)', () => {
    expect(PLATFORM_FEE_RATE_PERCENT).toEqual({ uk: 2, international: 6 });
  });

  it.each([0, -100, 1.5, Number.NaN, MAX_PENCE + 1])('refuses the amount %p', (amount) => {
    expect(() => platformFee(amount, 'uk')).toThrow(InvalidAmountError);
  });

  it('refuses an unknown residency', () => {
    expect(() => platformFee(100, 'us' as Residency)).toThrow(InvalidResidencyError);
    expect(() => platformFee(100, 'toString' as Residency)).toThrow(InvalidResidencyError);
  });

  it('works up to the largest amount it can compute exactly, and refuses more', () => {
    expect(platformFee(MAX_FEE_AMOUNT_PENCE, 'international')).toEqual({
      feePence: 90071992547409,
      ratePercent: 6,
      totalPence: 1591271868337565,
    });
    expect(() => platformFee(MAX_FEE_AMOUNT_PENCE + 1, 'uk')).toThrow(InvalidAmountError);
    expect(() => platformFee(MAX_PENCE, 'uk')).toThrow(InvalidAmountError);
  });

  it('every amount from 1 to 10^7 pence: the fee is amount × rate rounded half up to the penny', () => {
    // Exhaustive, in exact integer arithmetic: 100 × fee is within half a penny of amount × rate, ties up.
    for (const residency of residencies) {
      const rate = PLATFORM_FEE_RATE_PERCENT[residency];
      for (let amount = 1; amount <= 10_000_000; amount++) {
        const { feePence, totalPence } = platformFee(amount, residency);
        const exact = amount * rate;
        if (
          !(feePence * 100 - 50 <= exact && exact < feePence * 100 + 50) ||
          totalPence !== amount + feePence
        ) {
          throw new Error(`wrong fee ${feePence} for ${amount}p (${residency})`);
        }
      }
    }
  }, 60_000);

  it('property: matches a BigInt reference over every safe amount (refusing those above the limit)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_PENCE }),
        fc.constantFrom(...residencies),
        (amount, residency) => {
          const rate = BigInt(PLATFORM_FEE_RATE_PERCENT[residency]);
          const fee = referenceFee(BigInt(amount), rate);
          if (amount > MAX_FEE_AMOUNT_PENCE) {
            expect(() => platformFee(amount, residency)).toThrow(InvalidAmountError);
            return;
          }
          const result = platformFee(amount, residency);
          expect(BigInt(result.feePence)).toBe(fee);
          expect(BigInt(result.totalPence)).toBe(BigInt(amount) + fee);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('property: matches the BigInt reference from 1 to 10^7 pence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(...residencies),
        (amount, residency) => {
          const rate = BigInt(PLATFORM_FEE_RATE_PERCENT[residency]);
          expect(BigInt(platformFee(amount, residency).feePence)).toBe(referenceFee(BigInt(amount), rate));
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
