import { type DecimalString, formatScaled, scaleDecimal, toDecimal } from './decimal';
import { InvalidAmountError } from './errors';

/**
 * An amount of money: a whole number of pence held in a plain `number`, always a safe integer
 * (|x| ≤ 2^53 − 1 pence, about £90 trillion), so `+`, `-` and comparisons on it are exact.
 *
 * Deliberately not a branded type: amounts arrive from JSON bodies, zod DTOs, Prisma `bigint` columns
 * and React state, and a brand would need an `as` cast at each of those edges — a cast proves nothing.
 * Instead every public function of this library checks its amounts at run time (`assertPence`), which
 * also catches what a brand cannot: `NaN`, `0.1` or `2 ** 53` arriving in a JSON body.
 */
export type Pence = number;

export const MAX_PENCE: Pence = Number.MAX_SAFE_INTEGER;
const MAX_PENCE_BIGINT = BigInt(MAX_PENCE);
// Bound once: inside a sandboxed realm (jest's vm context) every `Number.` lookup costs ~0.25 µs, which the
// exhaustive fee test (2 × 10^7 checks) would otherwise spend most of its time on.
const { isSafeInteger } = Number;

export function isPence(value: unknown): value is Pence {
  return isSafeInteger(value);
}

export function isPositivePence(value: unknown): value is Pence {
  return isPence(value) && value > 0;
}

export function assertPence(value: unknown): asserts value is Pence {
  if (!isPence(value))
    throw new InvalidAmountError(value, 'expected a whole number of pence (a safe integer)');
}

export function assertPositivePence(value: unknown): asserts value is Pence {
  assertPence(value);
  if (value <= 0) throw new InvalidAmountError(value, 'expected more than 0 pence');
}

/**
 * Pounds as typed by a person or sent by a client → pence: "multiply by 100 and round" (spec), done on
 * the decimal digits so that '19.99' is 1999 and not 1998.9999999999998. Rounds half up on the magnitude
 * ('0.005' → 1, '-0.005' → -1). Strings must be plain decimals ('1e3', '1,000', '£5' are rejected);
 * numbers are read through their shortest decimal form (1.005 → 101). Negative amounts are returned as
 * negative pence: callers that need a positive amount check it with `isPositivePence`.
 */
export function poundsToPence(input: string | number): Pence {
  return penceFromBigInt(scaleDecimal(toDecimal(input), 2, 'halfUp'));
}

/**
 * Pence → pounds as exact decimal text ('-1234.50'), e.g. to prefill an amount field. It is text, not a
 * number, so that nobody does arithmetic on pounds; for people, show `formatPence`.
 */
export function penceToPounds(pence: Pence): DecimalString {
  assertPence(pence);
  return formatScaled(pence, 2);
}

/** A ledger amount (Postgres `bigint`) → Pence, refusing values a `number` cannot hold exactly. */
export function penceFromBigInt(value: bigint): Pence {
  if (typeof value !== 'bigint') throw new InvalidAmountError(value, 'expected a bigint');
  if (value > MAX_PENCE_BIGINT || value < -MAX_PENCE_BIGINT) {
    throw new InvalidAmountError(value, 'outside the safe integer range');
  }
  return Number(value);
}
