import { byPair, type Debt, expenseDebts, passOnDebts, POT_PARTY, repaymentDebts } from '@kitty/money';

import { debtHistoryOf, deletePairs, incrementPairs, nonZeroPairs } from './debts.repository';
import { directDebtsComplete, markDirectDebtsComplete } from './pot-rows.repository';
import type { Tx } from './unit-of-work';

/**
 * Adds `debts` to the pot's pairs (pot_debts) as increments in SQL, one statement for all of them. Callers
 * hold the pot lock (lockPot), as for the positions these debts always move with.
 */
export async function applyDebts(tx: Tx, potId: string, debts: readonly Debt[]): Promise<void> {
  const pairs = new Map<string, { low: string; high: string; pence: number }>();
  for (const debt of debts) {
    const { low, high, lowOwesHigh } = byPair(debt);
    const key = `${low}/${high}`;
    const pair = pairs.get(key) ?? { low, high, pence: 0 };
    pair.pence += lowOwesHigh;
    pairs.set(key, pair);
  }
  const rows = [...pairs.values()].filter(({ pence }) => pence !== 0);
  if (rows.length === 0) return;
  await incrementPairs(tx, potId, rows);
}

/** The pot's non-zero pairs, as debts low → high. */
export async function debtsOf(tx: Tx, potId: string): Promise<Debt[]> {
  const rows = await nonZeroPairs(tx, potId);
  return rows.map((row) => ({
    from: row.lowMemberId,
    to: row.highMemberId,
    amountPence: Number(row.lowOwesHighPence),
  }));
}

/**
 * A member leaving with a position of zero passes on what they owe and are owed, so those who
 * owed them now owe their creditors and nobody's plan names someone who is gone. A pot whose pairs are not
 * complete yet has nothing reliable to pass on: its rebuild passes on the debts of everyone who left.
 */
export async function passOnMemberDebts(tx: Tx, potId: string, memberId: string): Promise<void> {
  if (!(await directDebtsComplete(tx, potId))) return;
  await applyDebts(tx, potId, passOnDebts(memberId, await debtsOf(tx, potId)));
}

/**
 * A pot from before direct debts: its pairs worked out from its history — every confirmed expense (a
 * pot-paid one owed to the pot) and every confirmed payment that was not undone; then, for each member,
 * the pot owes them what their position holds beyond those pairs (their own money in and out of the pot,
 * which the pots service keeps as a total); then the debts of those who left passed on — and the pot marked
 * complete, so this runs once. The pot is locked.
 */
export async function rebuildDirectDebts(tx: Tx, potId: string): Promise<void> {
  const [expenses, settlements, members] = await debtHistoryOf(tx, potId);
  const amounts = (parts: { memberId: string; amountPence: bigint }[]) =>
    parts.map(({ memberId, amountPence }) => ({ memberId, amountPence: Number(amountPence) }));
  let debts: Debt[] = [
    ...expenses.flatMap(({ amountPence, paidFrom, shares, payers }) =>
      expenseDebts(
        amounts(shares),
        paidFrom === 'pot' ? [{ memberId: POT_PARTY, amountPence: Number(amountPence) }] : amounts(payers),
      ),
    ),
    ...settlements.flatMap(({ fromMemberId, toMemberId, amountPence }) =>
      repaymentDebts(fromMemberId, toMemberId, Number(amountPence)),
    ),
  ];
  const fromPairs = new Map<string, number>();
  for (const { from, to, amountPence } of debts) {
    fromPairs.set(from, (fromPairs.get(from) ?? 0) - amountPence);
    fromPairs.set(to, (fromPairs.get(to) ?? 0) + amountPence);
  }
  for (const member of members) {
    const ownMoney = Number(member.netPence) - (fromPairs.get(member.id) ?? 0);
    if (ownMoney !== 0) debts.push(...repaymentDebts(member.id, POT_PARTY, ownMoney));
  }
  for (const { id } of members.filter(({ removedAt }) => removedAt !== null)) {
    try {
      debts = [...debts, ...passOnDebts(id, debts)];
    } catch {
      // Left with a position (possible only before leaving required zero): their debts stay with them.
    }
  }
  await deletePairs(tx, potId);
  await applyDebts(tx, potId, debts);
  await markDirectDebtsComplete(tx, potId);
}
