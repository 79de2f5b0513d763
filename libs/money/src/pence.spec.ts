import fc from 'fast-check';

import { InvalidAmountError, InvalidDecimalError } from './errors';
import {
  assertPence,
  assertPositivePence,
  isPence,
  isPositivePence,
  MAX_PENCE,
  penceFromBigInt,
  penceToPounds,
  poundsToPence,
} from './pence';

describe('poundsToPence', () => {
  it.each([
    ['19.99', 1999],
    ['0.1', 10],
    ['0.005', 1],
    ['0.0049', 0],
    ['-0.005', -1],
    ['1.005', 101],
    ['5', 500],
    ['5.', 500],
    ['.5', 50],
    ['+1.5', 150],
    ['-12.34', -1234],
    [' 25 ', 2500],
    ['00012.30', 1230],
    ['5000.00', 500000],
    ['90071992547409.91', MAX_PENCE],
    ['-90071992547409.91', -MAX_PENCE],
  ])('reads the string %p as %p pence', (input, expected) => {
    expect(poundsToPence(input)).toBe(expected);
  });

  it.each([
    [19.99, 1999],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [1.15, 115],
    [4.35, 435],
    [-2.5, -250],
    [1e-7, 0],
    [25, 2500],
  ])('reads the number %p through its shortest decimal as %p pence', (input, expected) => {
    expect(poundsToPence(input)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(poundsToPence('-0.001'), 0)).toBe(true);
    expect(Object.is(poundsToPence(-0), 0)).toBe(true);
  });

  it.each(['1e3', '1,000.00', '£5', '', 'abc', '1.2.3'])('rejects the string %p', (input) => {
    expect(() => poundsToPence(input)).toThrow(InvalidDecimalError);
  });

  it('rejects amounts beyond the safe range', () => {
    expect(() => poundsToPence('90071992547409.92')).toThrow(InvalidAmountError);
    expect(() => poundsToPence(1e21)).toThrow(InvalidAmountError);
    expect(() => poundsToPence(Number.NaN)).toThrow(InvalidDecimalError);
  });

  it('property: pence → pounds text → pence is the identity over every safe amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (pence) => {
        expect(poundsToPence(penceToPounds(pence))).toBe(pence);
      }),
      { numRuns: 5000 },
    );
  });

  it('property: a client that sends pounds as a number (pence / 100) gets its pence back', () => {
    // Below 10^15 pence the decimal p / 100 has at most 15 significant digits, so it is what String prints.
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (pence) => {
        expect(poundsToPence(pence / 100)).toBe(pence);
      }),
      { numRuns: 5000 },
    );
  });

  it('property: rounds half up, judged on exact decimal digits', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 ** 9 }), fc.integer({ min: 0, max: 999_999 }), (pounds, micro) => {
        const text = `${pounds}.${String(micro).padStart(6, '0')}`;
        // In millionths of a pound (exact below 2^53): add half a penny, then drop what is below a penny.
        const plusHalf = pounds * 1_000_000 + micro + 5_000;
        const expected = (plusHalf - (plusHalf % 10_000)) / 10_000;
        expect(poundsToPence(text)).toBe(expected);
        expect(poundsToPence(`-${text}`)).toBe(expected === 0 ? 0 : -expected);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('penceToPounds', () => {
  it.each([
    [1999, '19.99'],
    [5, '0.05'],
    [-100, '-1.00'],
    [0, '0.00'],
  ])('writes %p pence as %p', (pence, expected) => {
    expect(penceToPounds(pence)).toBe(expected);
  });

  it('refuses what is not pence', () => {
    expect(() => penceToPounds(1.5)).toThrow(InvalidAmountError);
  });
});

describe('guards', () => {
  it.each([0, 1, -1, MAX_PENCE, -MAX_PENCE])('%p is pence', (value) => {
    expect(isPence(value)).toBe(true);
    expect(() => assertPence(value)).not.toThrow();
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_PENCE + 1, '1', 1n, null, undefined])(
    '%p is not pence',
    (value) => {
      expect(isPence(value)).toBe(false);
      expect(() => assertPence(value)).toThrow(InvalidAmountError);
    },
  );

  it('positive pence are more than zero', () => {
    expect(isPositivePence(1)).toBe(true);
    expect(isPositivePence(0)).toBe(false);
    expect(isPositivePence(-1)).toBe(false);
    expect(isPositivePence(1.5)).toBe(false);
    expect(() => assertPositivePence(0)).toThrow(InvalidAmountError);
    expect(() => assertPositivePence(1)).not.toThrow();
  });
});

describe('penceFromBigInt', () => {
  it('converts ledger bigints that fit', () => {
    expect(penceFromBigInt(1999n)).toBe(1999);
    expect(penceFromBigInt(-BigInt(MAX_PENCE))).toBe(-MAX_PENCE);
  });

  it('refuses bigints a number cannot hold exactly, and non-bigints', () => {
    expect(() => penceFromBigInt(BigInt(MAX_PENCE) + 1n)).toThrow(InvalidAmountError);
    expect(() => penceFromBigInt(1.5 as unknown as bigint)).toThrow(InvalidAmountError);
  });
});
