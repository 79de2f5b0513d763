import { InvalidDecimalError } from './errors';

/**
 * Exact decimal text <-> scaled integers (pounds <-> pence, percent <-> basis points).
 * Nothing here goes through binary floating point, which cannot represent 0.1 or 19.99.
 */

/** A number written in decimal text, e.g. '-1234.50'; what `Intl.NumberFormat` formats exactly. */
export type DecimalString = `${number}`;

interface Decimal {
  /** What the caller passed, for error messages. */
  readonly source: string | number;
  readonly negative: boolean;
  readonly integerDigits: string;
  readonly fractionDigits: string;
}

// Plain decimals only: an optional sign, digits, at most one point. No exponent, grouping or currency
// symbol, so that '1e3' or '1,000' from a form is rejected rather than guessed at.
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;
// How JavaScript prints numbers below 1e-6 or from 1e21 on: '1e-7', '1.5e+21'.
const EXPONENT_TEXT = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/;

function parseDecimalText(text: string, source: string | number): Decimal {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) throw new InvalidDecimalError(source, 'expected a plain decimal number such as 19.99');
  const [, sign, integerDigits = '', fractionDigits = ''] = match;
  if (integerDigits === '' && fractionDigits === '') throw new InvalidDecimalError(source, 'no digits');
  return { source, negative: sign === '-', integerDigits, fractionDigits };
}

/**
 * A number goes through its shortest round-trip decimal (`String(n)`): 1.005 means what the user typed,
 * 1.005, even though the double nearest to it is 1.00499999999999989… (which is why `toFixed` is wrong).
 */
function numberToDecimal(value: number): Decimal {
  if (!Number.isFinite(value)) throw new InvalidDecimalError(value, 'not a finite number');
  const text = String(value);
  const exponent = EXPONENT_TEXT.exec(text);
  if (!exponent) return parseDecimalText(text, value);
  const [, sign, lead = '', rest = '', power = '0'] = exponent;
  const digits = lead + rest;
  const point = 1 + Number(power);
  const base = { source: value, negative: sign === '-' };
  if (point <= 0) return { ...base, integerDigits: '0', fractionDigits: '0'.repeat(-point) + digits };
  if (point >= digits.length) {
    return { ...base, integerDigits: digits + '0'.repeat(point - digits.length), fractionDigits: '' };
  }
  return { ...base, integerDigits: digits.slice(0, point), fractionDigits: digits.slice(point) };
}

export function toDecimal(input: string | number): Decimal {
  if (typeof input === 'number') return numberToDecimal(input);
  if (typeof input === 'string') return parseDecimalText(input, input);
  throw new InvalidDecimalError(input, 'expected a string or a number');
}

/**
 * value × 10^scale as an integer. `halfUp`: round half away from zero on the magnitude, so that
 * -0.005 → -1 mirrors 0.005 → 1. `exact`: refuse digits beyond the scale instead of rounding.
 */
export function scaleDecimal(decimal: Decimal, scale: number, rounding: 'halfUp' | 'exact'): bigint {
  const kept = decimal.fractionDigits.slice(0, scale).padEnd(scale, '0');
  const dropped = decimal.fractionDigits.slice(scale);
  let magnitude = BigInt((decimal.integerDigits || '0') + kept);
  if (rounding === 'exact') {
    if (/[1-9]/.test(dropped)) {
      throw new InvalidDecimalError(decimal.source, `more than ${scale} decimal places`);
    }
  } else if (dropped !== '' && dropped[0] >= '5') {
    // The first dropped digit alone decides: ≥ 5 means the remainder is at least half a unit.
    magnitude += 1n;
  }
  return decimal.negative ? -magnitude : magnitude;
}

/** An integer count of 10^-scale units as decimal text: (-123450, 2) → '-1234.50'. */
export function formatScaled(units: number, scale: number): DecimalString {
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const text = `${units < 0 ? '-' : ''}${whole}${scale > 0 ? '.' : ''}${fraction}`;
  // Digits, an optional sign and one point: a valid numeric literal by construction.
  return text as DecimalString;
}
