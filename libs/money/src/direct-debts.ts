import { apportion } from './largest-remainder';
import { compareIds } from './members';
import type { PayerAmount } from './payers';
import type { Transfer } from './settle-up';

/** `from` owes `to` this much (negative: `to` owes `from`), one part of a pot's direct debts. */
export interface Debt {
  readonly from: string;
  readonly to: string;
  readonly amountPence: number;
}

/**
 * Who owes whom for one member-paid expense, with debts not simplified (issue 14 §7): each sharer owes each
 * payer a part of their share in proportion to what that payer paid. Every sharer's debts add up to their
 * share exactly and every payer is owed exactly what they paid (counting what they owe themselves, which is
 * left out), so the pairs always agree with the members' net positions. Each sharer's share is apportioned
 * over the payers by largest remainder; where that leaves a payer pennies over and another under, a
 * penny of a sharer's part moves from one to the other — at most one per sharer and payer.
 */
export function expenseDebts(shares: readonly PayerAmount[], payers: readonly PayerAmount[]): Debt[] {
  const weights = payers.map(({ amountPence }) => BigInt(amountPence));
  const rows = shares.map(({ amountPence }) => apportion(amountPence, weights));
  const surplus = payers.map(
    ({ amountPence }, column) => rows.reduce((sum, row) => sum + row[column], 0) - amountPence,
  );
  // A payer's surplus is the sum of the rows' roundings in their column, each under a penny, so fewer rows
  // than the surplus can never hold it: one penny per row and column is always enough.
  for (let over = 0; over < payers.length; over++) {
    for (const row of rows) {
      if (surplus[over] <= 0) break;
      const under = surplus.findIndex((value) => value < 0);
      if (row[over] === 0 || under < 0) continue;
      row[over] -= 1;
      row[under] += 1;
      surplus[over] -= 1;
      surplus[under] += 1;
    }
  }
  if (surplus.some((value) => value !== 0))
    throw new Error('expenseDebts: shares and payers must add up to the same total');
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
