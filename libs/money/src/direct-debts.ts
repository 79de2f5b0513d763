import { apportion } from './largest-remainder';
import { compareIds } from './members';
import { type PayerAmount, payersTotal } from './payers';
import type { Transfer } from './settle-up';

/** `from` owes `to` this much (negative: `to` owes `from`), one part of a pot's direct debts. */
export interface Debt {
  readonly from: string;
  readonly to: string;
  readonly amountPence: number;
}

/**
 * Who owes whom for one member-paid expense, with debts not simplified: each sharer owes each
 * payer a part of their share in proportion to what that payer paid. Every sharer's debts add up to their
 * share exactly and every payer is owed exactly what they paid (counting what they owe themselves, which is
 * left out), so the pairs always agree with the members' net positions. And each part is its exact value
 * (share × paid ÷ total) rounded down or up, never further off.
 *
 * Each sharer's share is first apportioned over the payers by largest remainder, which rounds every part
 * down or up and keeps each sharer's total, but can leave a payer owed pennies more than they paid and
 * another less. Those pennies are moved along chains of parts that may change without leaving their
 * rounding: a sharer's part of the over-owed payer that was rounded up goes down a penny, and the same
 * sharer's part of another payer that was rounded down (and is not whole) goes up; if that payer was owed
 * the right amount, one of their rounded-up parts goes down in turn, and so on, until a penny reaches a
 * payer owed too little. Such a chain always exists: a rounding with every sharer's and every payer's
 * total exact exists (the exact parts are a fractional one, and such transport problems always have a
 * whole one between the floors and ceilings), and comparing it with the current one gives the chain.
 * The chains are searched breadth-first in sharer and payer order, so the same expense always gives the
 * same debts (taking an expense back works its debts out again and reverses them). Where moving a penny
 * straight from an over-owed payer to the first payer owed too little, first sharer first, is enough,
 * those are the moves made.
 */
export function expenseDebts(shares: readonly PayerAmount[], payers: readonly PayerAmount[]): Debt[] {
  const total = payersTotal(payers);
  if (payersTotal(shares) !== total)
    throw new Error('expenseDebts: shares and payers must add up to the same total');
  if (total === 0) return [];
  const weights = payers.map(({ amountPence }) => BigInt(amountPence));
  const rows = shares.map(({ amountPence }) => apportion(amountPence, weights));
  // BigInt as in apportion: a share × an amount paid can be past 2^53.
  const exact = shares.map(({ amountPence }) =>
    weights.map((weight) => ({
      floor: Number((BigInt(amountPence) * weight) / BigInt(total)),
      whole: (BigInt(amountPence) * weight) % BigInt(total) === 0n,
    })),
  );
  const roundedUp = (row: number, column: number) => rows[row][column] > exact[row][column].floor;
  const canRoundUp = (row: number, column: number) =>
    rows[row][column] === exact[row][column].floor && !exact[row][column].whole;
  const surplus = payers.map(
    ({ amountPence }, column) => rows.reduce((sum, row) => sum + row[column], 0) - amountPence,
  );

  for (
    let over = surplus.findIndex((value) => value > 0);
    over >= 0;
    over = surplus.findIndex((value) => value > 0)
  ) {
    // How each payer was reached: through which sharer's part, from which payer.
    const reachedFrom = new Map<number, { row: number; column: number }>([[over, { row: -1, column: -1 }]]);
    const queue = [over];
    let under = -1;
    while (under < 0 && queue.length > 0) {
      const column = queue.shift() as number;
      for (let row = 0; row < rows.length && under < 0; row++) {
        if (!roundedUp(row, column)) continue;
        for (let next = 0; next < payers.length && under < 0; next++) {
          if (reachedFrom.has(next) || !canRoundUp(row, next)) continue;
          reachedFrom.set(next, { row, column });
          if (surplus[next] < 0) under = next;
          else queue.push(next);
        }
      }
    }
    if (under < 0) throw new Error('expenseDebts: no rounding keeps every total exact');
    for (let column = under; column !== over;) {
      const { row, column: previous } = reachedFrom.get(column) as { row: number; column: number };
      rows[row][column] += 1;
      rows[row][previous] -= 1;
      column = previous;
    }
    surplus[over] -= 1;
    surplus[under] += 1;
  }

  return shares.flatMap(({ memberId }, index) =>
    payers
      .map((payer, column) => ({ from: memberId, to: payer.memberId, amountPence: rows[index][column] }))
      .filter((debt) => debt.from !== debt.to && debt.amountPence !== 0),
  );
}

/** A repayment `from` → `to` reduces what `from` owes `to` (or grows what `to` owes `from`). */
export const repaymentDebts = (from: string, to: string, amountPence: number): Debt[] => [
  { from, to, amountPence: -amountPence },
];

/** The same debts with the opposite sign: what undoes them. */
export const reversed = (debts: readonly Debt[]): Debt[] =>
  debts.map((debt) => ({ ...debt, amountPence: -debt.amountPence }));

/** The key of the pair a debt is stored under: the smaller id first, and the amount signed to match. */
export function byPair(debt: Debt): { low: string; high: string; lowOwesHigh: number } {
  return compareIds(debt.from, debt.to) < 0
    ? { low: debt.from, high: debt.to, lowOwesHigh: debt.amountPence }
    : { low: debt.to, high: debt.from, lowOwesHigh: -debt.amountPence };
}

/** Debts netted per pair, zero pairs left out, as 'pay back exactly whom you owe' transfers: largest first. */
export function directPlan(debts: Iterable<Debt>): Transfer[] {
  const net = new Map<string, { low: string; high: string; amount: number }>();
  for (const debt of debts) {
    const { low, high, lowOwesHigh } = byPair(debt);
    const key = `${low}\u0000${high}`;
    const pair = net.get(key) ?? { low, high, amount: 0 };
    pair.amount += lowOwesHigh;
    net.set(key, pair);
  }
  return [...net.values()]
    .filter(({ amount }) => amount !== 0)
    .map(({ low, high, amount }) =>
      amount > 0
        ? { from: low, to: high, amountPence: amount }
        : { from: high, to: low, amountPence: -amount },
    )
    .sort((a, b) => b.amountPence - a.amountPence || compareIds(a.from, b.from) || compareIds(a.to, b.to));
}

/**
 * A member whose position is zero leaves: what they are owed and what they owe are passed on, so that
 * those who owed them owe their creditors instead, and nobody's position moves. Returns the changes to
 * apply (the member's own pairs brought to zero, and the new pairs between the others).
 */
export function passOnDebts(memberId: string, debts: Iterable<Debt>): Debt[] {
  const theirs = directPlan([...debts].filter(({ from, to }) => from === memberId || to === memberId));
  const owingThem = theirs.filter(({ to }) => to === memberId).map((t) => ({ ...t }));
  const owedByThem = theirs.filter(({ from }) => from === memberId).map((t) => ({ ...t }));
  const changes: Debt[] = theirs.map(({ from, to, amountPence }) => ({
    from,
    to,
    amountPence: -amountPence,
  }));
  for (const debtor of owingThem) {
    for (const creditor of owedByThem) {
      const amountPence = Math.min(debtor.amountPence, creditor.amountPence);
      if (amountPence === 0) continue;
      changes.push({ from: debtor.from, to: creditor.to, amountPence });
      debtor.amountPence -= amountPence;
      creditor.amountPence -= amountPence;
    }
  }
  const left = [...owingThem, ...owedByThem].reduce((sum, { amountPence }) => sum + amountPence, 0);
  if (left !== 0)
    throw new Error('passOnDebts: only a member whose position is zero can pass on their debts');
  return changes;
}
