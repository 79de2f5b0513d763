import { scaleDecimal, toDecimal } from './decimal';
import {
  EmptySplitError,
  InvalidDecimalError,
  InvalidSplitValueError,
  PercentageSumMismatchError,
  SplitSumMismatchError,
} from './errors';
import { apportion } from './largest-remainder';
import { type MemberValue, type MemberValues, memberValues, uniqueMemberIds } from './members';
import { assertPositivePence, isPence, type Pence } from './pence';

/** One member's part of an expense. Splits list members in the order they were given. */
export interface SplitShare {
  readonly memberId: string;
  readonly amountPence: Pence;
}

/** 100% in basis points (hundredths of a percent): percentages are whole basis points, never floats. */
export const FULL_BASIS_POINTS = 10_000;

/** `total` shared as evenly as pennies allow; the first members in the list get the spare pennies. */
export function splitEqually(totalPence: Pence, memberIds: Iterable<string>): SplitShare[] {
  assertPositivePence(totalPence);
  const ids = uniqueMemberIds(memberIds);
  if (ids.length === 0) throw new EmptySplitError();
  const weights = ids.map(() => 1n);
  return shares(ids, apportion(totalPence, weights));
}

/** Amounts chosen per member (0 allowed); they must add up to the total exactly. */
export function splitByExactAmounts(totalPence: Pence, amounts: MemberValues): SplitShare[] {
  assertPositivePence(totalPence);
  const entries = nonEmpty(memberValues(amounts));
  for (const { memberId, value } of entries) {
    if (!isPence(value) || value < 0)
      throw new InvalidSplitValueError(memberId, value, 'expected 0 or more pence');
  }
  // Each amount is ≤ 2^53 but their sum may not be; BigInt keeps the comparison honest.
  const allocated = entries.reduce((sum, { value }) => sum + BigInt(value), 0n);
  if (allocated !== BigInt(totalPence)) throw new SplitSumMismatchError(totalPence, Number(allocated));
  return entries.map(({ memberId, value }) => ({ memberId, amountPence: value }));
}

/**
 * Percentages in basis points (3333 = 33.33%, 0 allowed) that add up to exactly 10000. Use
 * `percentToBasisPoints` for what people type.
 */
export function splitByPercentages(totalPence: Pence, basisPoints: MemberValues): SplitShare[] {
  assertPositivePence(totalPence);
  const entries = nonEmpty(memberValues(basisPoints));
  for (const { memberId, value } of entries) {
    if (!Number.isInteger(value) || value < 0 || value > FULL_BASIS_POINTS) {
      throw new InvalidSplitValueError(memberId, value, 'expected whole basis points from 0 to 10000');
    }
  }
  const sum = entries.reduce((total, { value }) => total + value, 0);
  if (sum !== FULL_BASIS_POINTS) throw new PercentageSumMismatchError(sum);
  return apportioned(totalPence, entries);
}

/** Shares by weight ("Alice 2, Bob 1"): positive whole numbers. */
export function splitByShares(totalPence: Pence, weights: MemberValues): SplitShare[] {
  assertPositivePence(totalPence);
  const entries = nonEmpty(memberValues(weights));
  for (const { memberId, value } of entries) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new InvalidSplitValueError(memberId, value, 'expected a positive whole number of shares');
    }
  }
  return apportioned(totalPence, entries);
}

/**
 * A percentage as typed ('12.5', '33.33', 50) → basis points (1250, 3333, 5000). Exact, and more than
 * two decimals is an error rather than a rounding, because a rounded percentage would silently stop the
 * split adding up to 100%.
 */
export function percentToBasisPoints(percent: string | number): number {
  const basisPoints = scaleDecimal(toDecimal(percent), 2, 'exact');
  if (basisPoints < 0n || basisPoints > BigInt(FULL_BASIS_POINTS)) {
    throw new InvalidDecimalError(percent, 'a percentage must be between 0 and 100');
  }
  return Number(basisPoints);
}

function nonEmpty(entries: MemberValue[]): MemberValue[] {
  if (entries.length === 0) throw new EmptySplitError();
  return entries;
}

function apportioned(totalPence: Pence, entries: readonly MemberValue[]): SplitShare[] {
  const weights = entries.map(({ value }) => BigInt(value));
  return shares(
    entries.map(({ memberId }) => memberId),
    apportion(totalPence, weights),
  );
}

function shares(memberIds: readonly string[], amounts: readonly number[]): SplitShare[] {
  return memberIds.map((memberId, index) => ({ memberId, amountPence: amounts[index] }));
}
