import { formatScaled, scaleDecimal, toDecimal } from './decimal';
import { InvalidDecimalError } from './errors';

const cents = (input: string | number) => scaleDecimal(toDecimal(input), 2, 'halfUp');

describe('toDecimal', () => {
  it.each([
    ['19.99', { negative: false, integerDigits: '19', fractionDigits: '99' }],
    ['-0.5', { negative: true, integerDigits: '0', fractionDigits: '5' }],
    ['+.5', { negative: false, integerDigits: '', fractionDigits: '5' }],
    ['7.', { negative: false, integerDigits: '7', fractionDigits: '' }],
    ['  12 ', { negative: false, integerDigits: '12', fractionDigits: '' }],
  ])('reads %p exactly', (input, expected) => {
    expect(toDecimal(input)).toEqual({ source: input, ...expected });
  });

  it.each([
    '',
    ' ',
    '.',
    '-',
    '1e3',
    '1E3',
    '1,000',
    '£5',
    '5p',
    '1.2.3',
    '0x10',
    'Infinity',
    'NaN',
    '- 1',
    '1 000',
  ])('rejects %p', (input) => {
    expect(() => toDecimal(input)).toThrow(InvalidDecimalError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'rejects the number %p',
    (input) => {
      expect(() => toDecimal(input)).toThrow(InvalidDecimalError);
    },
  );

  it('rejects what is neither a string nor a number', () => {
    expect(() => toDecimal(null as unknown as string)).toThrow(InvalidDecimalError);
    expect(() => toDecimal(5n as unknown as string)).toThrow(InvalidDecimalError);
  });

  it.each([
    [1e-7, '0', '0000001'],
    [-1.5e-7, '0', '00000015'],
    [1.5e21, '1500000000000000000000', ''],
    [1e21, '1000000000000000000000', ''],
  ])('expands the exponent form JavaScript prints for %p', (input, integerDigits, fractionDigits) => {
    expect(toDecimal(input)).toMatchObject({ negative: input < 0, integerDigits, fractionDigits });
  });
});

describe('scaleDecimal', () => {
  it.each([
    ['0.005', 1n],
    ['0.0049999999', 0n],
    ['-0.005', -1n],
    ['-0.0049', 0n],
    ['2.675', 268n],
    ['0.015', 2n],
    ['.5', 50n],
    ['123456789012345678901234567890.999', 12345678901234567890123456789100n],
  ])('rounds %p half up on the magnitude to %p hundredths', (input, expected) => {
    expect(cents(input)).toBe(expected);
  });

  it('refuses extra digits in exact mode, but accepts trailing zeros', () => {
    expect(scaleDecimal(toDecimal('33.330000'), 2, 'exact')).toBe(3333n);
    expect(() => scaleDecimal(toDecimal('33.333'), 2, 'exact')).toThrow(InvalidDecimalError);
  });
});

describe('formatScaled', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [123450, '1234.50'],
    [-100, '-1.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('writes %p hundredths as %p', (units, expected) => {
    expect(formatScaled(units, 2)).toBe(expected);
  });
});
