import { type Debt, expenseDebts, repaymentDebts } from './direct-debts';
import { type MemberValues, memberValues } from './members';
import type { PayerAmount } from './payers';
import { settleUp, type SettleUpOptions, type Transfer } from './settle-up';

/**
 * The pot itself as a party to who-owes-whom (docs/adr/0019-pot-money-belongs-to-its-members.md): it
 * holds its members' money, so it owes each of them what it holds of theirs. Positions and plans are kept
 * per pot, so one id for "this pot" is never ambiguous; the nil UUID is no member's id.
 */
export const POT_PARTY = '00000000-0000-0000-0000-000000000000';

/**
 * Something that moves positions in a pot:
 * - `own_money`: a member's money into the pot (positive: a top-up) or out of it (negative: a withdrawal to
 *   their bank, a card payment from the pot; positive again when a payout or a card hold comes back). It is
 *   the pot's balance change, counted for the member who caused it.
 * - `expense`: paid by the pot (`payers: 'pot'`) or by members; each sharer's share is theirs to carry.
 * - `payment`: `from` paid `to` back (a settlement, recorded or with Kitty): no pot money moves.
 */
export type PotMovement =
  | { readonly kind: 'own_money'; readonly memberId: string; readonly changePence: number }
  | {
      readonly kind: 'expense';
      readonly payers: 'pot' | readonly PayerAmount[];
      readonly amountPence: number;
      readonly shares: readonly PayerAmount[];
    }
  | { readonly kind: 'payment'; readonly from: string; readonly to: string; readonly amountPence: number };

/** What one movement does: each member's position change, and the pairs (the pot among them) it moves. */
export interface MovementEffect {
  readonly deltas: ReadonlyMap<string, number>;
  readonly debts: readonly Debt[];
}

/**
 * A member's position = what they put in + what they paid for the group + what they paid back to others
 * − their shares − what they took out − what others paid back to them. Every penny the pot holds is
 * someone's, so the positions add up to the pot's balance, not to zero.
 */
export function movementEffect(movement: PotMovement): MovementEffect {
  const deltas = new Map<string, number>();
  const add = (memberId: string, pence: number) => deltas.set(memberId, (deltas.get(memberId) ?? 0) + pence);
  switch (movement.kind) {
    case 'own_money':
      add(movement.memberId, movement.changePence);
      // Money in: the pot owes them more; money out: the pot paid them back.
      return { deltas, debts: repaymentDebts(movement.memberId, POT_PARTY, movement.changePence) };
    case 'expense': {
      const payers =
        movement.payers === 'pot'
          ? [{ memberId: POT_PARTY, amountPence: movement.amountPence }]
          : movement.payers;
      for (const share of movement.shares) add(share.memberId, -share.amountPence);
      for (const payer of payers) if (payer.memberId !== POT_PARTY) add(payer.memberId, payer.amountPence);
      return { deltas, debts: expenseDebts(movement.shares, payers) };
    }
    case 'payment':
      add(movement.from, movement.amountPence);
      add(movement.to, -movement.amountPence);
      return { deltas, debts: repaymentDebts(movement.from, movement.to, movement.amountPence) };
  }
}

export interface PotPositions {
  /** Each member's position (positive: owed, by the others or by the pot), by id. */
  readonly positions: Map<string, number>;
  /** What the pot holds: the sum of its members' own money in and out, less what it paid for expenses. */
  readonly potBalancePence: number;
  /** Who owes whom directly, the pot among them (netted per pair by `directPlan`). */
  readonly debts: Debt[];
}

/** The positions a pot's history adds up to, replayed from nothing. */
export function potPositions(movements: Iterable<PotMovement>): PotPositions {
  const positions = new Map<string, number>();
  const debts: Debt[] = [];
  let potBalancePence = 0;
  for (const movement of movements) {
    const effect = movementEffect(movement);
    for (const [memberId, pence] of effect.deltas)
      positions.set(memberId, (positions.get(memberId) ?? 0) + pence);
    debts.push(...effect.debts);
    if (movement.kind === 'own_money') potBalancePence += movement.changePence;
    if (movement.kind === 'expense' && movement.payers === 'pot') potBalancePence -= movement.amountPence;
  }
  return { positions, potBalancePence, debts };
}

/**
 * The simplified settle-up plan with the pot as a party holding minus the sum of the positions (what it
 * owes its members back): the fewest transfers, some of them from the pot — "the pot pays Ann back £3", done
 * as Ann's withdrawal — or, should the pot be owed, into it. Each member ends at zero and the pot empty.
 */
export function settleUpWithPot(positions: MemberValues, options: SettleUpOptions = {}): Transfer[] {
  const members = memberValues(positions).filter(({ memberId }) => memberId !== POT_PARTY);
  const held = members.reduce((sum, { value }) => sum + value, 0);
  return settleUp(
    [...members.map(({ memberId, value }) => [memberId, value] as const), [POT_PARTY, -held] as const],
    options,
  );
}

/** A plan's transfers between members, and those to or from the pot, apart. */
export function splitPotTransfers(plan: readonly Transfer[]): {
  betweenMembers: Transfer[];
  withPot: Transfer[];
} {
  const withPot = (transfer: Transfer) => transfer.from === POT_PARTY || transfer.to === POT_PARTY;
  return {
    betweenMembers: plan.filter((transfer) => !withPot(transfer)),
    withPot: plan.filter(withPot),
  };
}
