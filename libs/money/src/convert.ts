import { type DecimalString, formatScaled, scaleDecimal, toDecimal } from './decimal';
import { InvalidAmountError, InvalidDecimalError } from './errors';
import { isPence, type Pence } from './pence';

/** Exchange rates are pounds per one unit of the other currency, to at most this many decimal places. */
export const MAX_RATE_DECIMALS = 8;

/** A rate as typed ('0.858', '1.1655', '0.00055') → an integer count of 10^-8 pounds per unit, exactly. */
export function rateToScaled(rate: string): bigint {
  const scaled = scaleDecimal(toDecimal(rate), MAX_RATE_DECIMALS, 'exact');
  if (scaled <= 0n) throw new InvalidDecimalError(rate, 'a rate is more than 0');
  return scaled;
}

/**
 * An amount in another currency (in its minor units: cents, or whole yen when it has none) → pence at
 * `rate` pounds per unit, rounded half up to the penny: €45.00 (4500, 2 minor units) at 0.858 → £38.61.
 * Exact integer arithmetic: amount × rate × 100 / 10^minorUnits, no floats on the way.
 */
export function convertToPence(amountMinor: number, minorUnits: number, rate: string): Pence {
  if (!isPence(amountMinor) || amountMinor <= 0)
    throw new InvalidAmountError(amountMinor, 'expected more than 0 minor units');
  if (!Number.isInteger(minorUnits) || minorUnits < 0 || minorUnits > 4)
    throw new InvalidAmountError(minorUnits, 'expected 0 to 4 minor units');
  const numerator = BigInt(amountMinor) * rateToScaled(rate) * 100n;
  const denominator = 10n ** BigInt(minorUnits + MAX_RATE_DECIMALS);
  const pence = (numerator * 2n + denominator) / (denominator * 2n);
  if (pence > BigInt(Number.MAX_SAFE_INTEGER)) throw new InvalidAmountError(String(pence), 'too large');
  return Number(pence);
}

/** An amount as typed in a currency with `minorUnits` decimals → minor units; more decimals is an error. */
export function toMinorUnits(text: string, minorUnits: number): number {
  const units = scaleDecimal(toDecimal(text), minorUnits, 'exact');
  if (units > BigInt(Number.MAX_SAFE_INTEGER) || units < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new InvalidDecimalError(text, 'too large');
  return Number(units);
}

/** Minor units → exact decimal text (4500, 2 → '45.00'; 4500, 0 → '4500'), e.g. to prefill a field. */
export function fromMinorUnits(amountMinor: number, minorUnits: number): DecimalString {
  return formatScaled(amountMinor, minorUnits);
}
