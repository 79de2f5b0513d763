import fc from 'fast-check';

import { convertToPence, fromMinorUnits, rateToScaled, toMinorUnits } from './convert';
import { InvalidAmountError, InvalidDecimalError } from './errors';
import { formatMinor } from './format';

describe('convertToPence', () => {
  it.each([
    [4500, 2, '0.858', 3861], // €45.00 at £0.858 = £38.61
    [10_000, 0, '0.0052', 5200], // ¥10,000 at £0.0052 = £52.00
    [1, 2, '0.5', 1], // 0.5p rounds half up
    [1, 2, '0.49', 0], // 0.49p rounds down
    [1999, 2, '1', 1999],
    [12_345, 3, '2.03', 2506], // 12.345 dinars at £2.03 = £25.06035
  ])('%p minor units (%p decimals) at %p → %pp', (amount, minorUnits, rate, pence) => {
    expect(convertToPence(amount, minorUnits, rate)).toBe(pence);
  });

  it('refuses rates that are not plain positive decimals of at most 8 places, and amounts of nothing', () => {
    for (const rate of ['0', '-1', '1e3', '0.123456789', 'abc'])
      expect(() => convertToPence(100, 2, rate)).toThrow(InvalidDecimalError);
    expect(() => convertToPence(0, 2, '1')).toThrow(InvalidAmountError);
    expect(() => convertToPence(1.5, 2, '1')).toThrow(InvalidAmountError);
  });

  it('property: within half a penny of the exact product, ties rounded up, never decreasing in the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 10 }),
        fc.constantFrom(0, 2, 3),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (amount, minorUnits, rateUnits) => {
          const rate = fromMinorUnits(rateUnits, 8);
          const pence = convertToPence(amount, minorUnits, rate);
          const denominator = 10n ** BigInt(minorUnits + 8);
          // 2 × (pence × den − exact × den) lies in (−den, den].
          const gap = 2n * (BigInt(pence) * denominator - BigInt(amount) * rateToScaled(rate) * 100n);
          expect(gap > -denominator && gap <= denominator).toBe(true);
          expect(convertToPence(amount + 1, minorUnits, rate)).toBeGreaterThanOrEqual(pence);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('minor units', () => {
  it('reads and writes amounts in a currency with its own number of decimals', () => {
    expect(toMinorUnits('45', 2)).toBe(4500);
    expect(toMinorUnits('45.5', 2)).toBe(4550);
    expect(toMinorUnits('4500', 0)).toBe(4500);
    expect(() => toMinorUnits('45.5', 0)).toThrow(InvalidDecimalError);
    expect(() => toMinorUnits('45.555', 2)).toThrow(InvalidDecimalError);
    expect(fromMinorUnits(4500, 2)).toBe('45.00');
    expect(fromMinorUnits(4500, 0)).toBe('4500');
  });

  it('formats them as people read them in the UK', () => {
    expect(formatMinor(4500, 'EUR', 2)).toBe('€45.00');
    expect(formatMinor(450_000, 'JPY', 0)).toBe('JP¥450,000');
    expect(formatMinor(4500, 'USD', 2)).toBe('US$45.00');
  });
});
