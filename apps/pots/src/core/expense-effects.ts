import { type Debt, expenseDebts, POT_PARTY, repaymentDebts, reversed } from '@kitty/money';

import { applyDebts } from './direct-debts';
import { incrementMembers } from './members.repository';
import { refreshSettlePlan } from './settle-plan';
import type { Share } from './split';
import type { Tx } from './unit-of-work';

/** What an expense does to its pot's members: each member's position and spending-share deltas. */
export interface ExpenseEffect {
  paidFrom: 'pot' | 'member';
  /** Who paid a member-paid expense and how much each (summing to `amountPence`); none when the pot paid. */
  payers: Share[];
  amountPence: number;
  shares: Share[];
}

/**
 * One member's changes: position (`net`, positive = the group owes them more), share of the spending,
 * and what they paid themselves for the group (`paid`, in `paidCount` expenses).
 */
export interface MemberDelta {
  net: number;
  share: number;
  paid: number;
  paidCount: number;
}

const NO_CHANGE: MemberDelta = { net: 0, share: 0, paid: 0, paidCount: 0 };

const plus = (a: MemberDelta, b: MemberDelta, sign: 1 | -1 = 1): MemberDelta => ({
  net: a.net + sign * b.net,
  share: a.share + sign * b.share,
  paid: a.paid + sign * b.paid,
  paidCount: a.paidCount + sign * b.paidCount,
});

/**
 * Every expense debits each sharer their share; a member-paid one also credits each payer with what they
 * paid (and counts it as paid by them). A pot-paid one was paid with money its members put in, which their
 * positions already count (docs/adr/0019-pot-money-belongs-to-its-members.md), so the shares alone move.
 * The expense counts once, for its first payer: the quick stats add up `paidCount` as a number of expenses.
 */
export function memberDeltas(effect: ExpenseEffect, sign: 1 | -1): Map<string, MemberDelta> {
  const deltas = new Map<string, MemberDelta>();
  const add = (memberId: string, delta: Partial<MemberDelta>) =>
    deltas.set(memberId, plus(deltas.get(memberId) ?? NO_CHANGE, { ...NO_CHANGE, ...delta }, sign));
  for (const share of effect.shares) {
    add(share.memberId, {
      net: -share.amountPence,
      share: share.amountPence,
    });
  }
  if (effect.paidFrom === 'member') {
    effect.payers.forEach((payer, index) =>
      add(payer.memberId, {
        net: payer.amountPence,
        paid: payer.amountPence,
        paidCount: index === 0 ? 1 : 0,
      }),
    );
  }
  return deltas;
}

/** A change of position only (a settlement: no spending, nothing paid for the group). */
export const positionDelta = (net: number): MemberDelta => ({ ...NO_CHANGE, net });

export function mergeDeltas(...all: Map<string, MemberDelta>[]) {
  const merged = new Map<string, MemberDelta>();
  for (const deltas of all) {
    for (const [memberId, delta] of deltas)
      merged.set(memberId, plus(merged.get(memberId) ?? NO_CHANGE, delta));
  }
  return merged;
}

/** Applies all deltas at once; callers hold the pot lock (lockPot). */
export async function applyMemberDeltas(tx: Tx, deltas: Map<string, MemberDelta>) {
  const rows = [...deltas].filter(([, delta]) => Object.values(delta).some((value) => value !== 0));
  if (rows.length === 0) return;
  await incrementMembers(
    tx,
    rows.map(([memberId, delta]) => ({ memberId, ...delta })),
  );
}

/** Everything one change does to a pot's members: their positions and who owes whom directly. */
export interface PositionChange {
  members: Map<string, MemberDelta>;
  debts: Debt[];
}

/** What recording (sign 1) or taking back (-1) an expense changes; for a pot-paid one the sharers owe the pot. */
export function expenseChange(effect: ExpenseEffect, sign: 1 | -1): PositionChange {
  const payers =
    effect.paidFrom === 'member' ? effect.payers : [{ memberId: POT_PARTY, amountPence: effect.amountPence }];
  const debts = expenseDebts(effect.shares, payers);
  return { members: memberDeltas(effect, sign), debts: sign === 1 ? debts : reversed(debts) };
}

/** `from` paid `to` back `amountPence` (negative: less than was recorded). */
export function repaymentChange(from: string, to: string, amountPence: number): PositionChange {
  return {
    members: new Map([
      [from, positionDelta(amountPence)],
      [to, positionDelta(-amountPence)],
    ]),
    debts: repaymentDebts(from, to, amountPence),
  };
}

export const NO_POSITION_CHANGE: PositionChange = { members: new Map(), debts: [] };

export const mergeChanges = (...all: PositionChange[]): PositionChange => ({
  members: mergeDeltas(...all.map(({ members }) => members)),
  debts: all.flatMap(({ debts }) => debts),
});

/**
 * Applies a change to positions and direct debts and recomputes the plan, all in the caller's transaction
 * with the pot locked (lockPot) — so positions, debts and plan never disagree.
 */
export async function movePositions(tx: Tx, potId: string, change: PositionChange): Promise<void> {
  await applyMemberDeltas(tx, change.members);
  await applyDebts(tx, potId, change.debts);
  await refreshSettlePlan(tx, potId);
}
