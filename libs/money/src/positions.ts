import { DuplicateMemberError, EmptySplitError, InvalidSplitValueError } from './errors';
import { assertMemberId, compareIds } from './members';
import { assertPositivePence, isPence, type Pence } from './pence';
import type { Transfer } from './settle-up';
import type { SplitShare } from './split';

/** A change to one member's net position (positive = is owed more). */
export interface PositionDelta {
  readonly memberId: string;
  readonly deltaPence: Pence;
}

/**
 * How an expense paid by `payerId` and split as `shares` moves net positions: the payer is owed
 * everything they paid except their own share, everyone else owes their share. The deltas sum to zero.
 *
 * Sorted by member id, and members whose position does not move are left out: applying the deltas in
 * this order in SQL takes row locks in the same order in every transaction, so concurrent expenses on
 * one pot cannot deadlock. Negate them to undo the expense (edit or delete).
 */
export function positionsDelta(payerId: string, shares: readonly SplitShare[]): PositionDelta[] {
  assertMemberId(payerId);
  if (shares.length === 0) throw new EmptySplitError();
  const deltas = new Map<string, number>();
  let total = 0;
  for (const { memberId, amountPence } of shares) {
    assertMemberId(memberId);
    if (deltas.has(memberId)) throw new DuplicateMemberError(memberId);
    if (!isPence(amountPence) || amountPence < 0) {
      throw new InvalidSplitValueError(memberId, amountPence, 'expected 0 or more pence');
    }
    total += amountPence;
    deltas.set(memberId, -amountPence);
  }
  assertPositivePence(total);
  deltas.set(payerId, (deltas.get(payerId) ?? 0) + total);
  return sortedNonZero(deltas);
}

/** A settlement — `from` paid `to` — moves the payer's position up and the payee's down. */
export function settlementDelta({ from, to, amountPence }: Transfer): PositionDelta[] {
  assertMemberId(from);
  assertMemberId(to);
  if (from === to) throw new DuplicateMemberError(from);
  assertPositivePence(amountPence);
  return sortedNonZero(
    new Map([
      [from, amountPence],
      [to, -amountPence],
    ]),
  );
}

function sortedNonZero(deltas: ReadonlyMap<string, number>): PositionDelta[] {
  return [...deltas]
    .filter(([, deltaPence]) => deltaPence !== 0)
    .sort(([a], [b]) => compareIds(a, b))
    .map(([memberId, deltaPence]) => ({ memberId, deltaPence }));
}
