import type { Tx } from '../prisma.service';

/** One pair's change: `low` owes `high` this much more (negative: less). */
export interface PairIncrement {
  low: string;
  high: string;
  pence: number;
}

/** Adds to the pot's pairs (pot_debts) as increments in SQL, one statement for all of them. */
export async function incrementPairs(tx: Tx, potId: string, rows: readonly PairIncrement[]): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO pot_debts AS d (pot_id, low_member_id, high_member_id, low_owes_high_pence)
    SELECT ${potId}::uuid, low, high, pence
      FROM unnest(${rows.map(({ low }) => low)}::uuid[], ${rows.map(({ high }) => high)}::uuid[],
                  ${rows.map(({ pence }) => pence)}::bigint[]) AS n(low, high, pence)
    ON CONFLICT (pot_id, low_member_id, high_member_id)
    DO UPDATE SET low_owes_high_pence = d.low_owes_high_pence + EXCLUDED.low_owes_high_pence`;
}

/** The pot's non-zero pairs. */
export const nonZeroPairs = (tx: Tx, potId: string) =>
  tx.potDebt.findMany({ where: { potId, lowOwesHighPence: { not: 0 } } });

export async function deletePairs(tx: Tx, potId: string): Promise<void> {
  await tx.potDebt.deleteMany({ where: { potId } });
}

/**
 * What a pot's pairs are worked out from: its confirmed expenses (not deleted), its confirmed payments (not
 * undone) and everyone ever in it, those who left in the order they left.
 */
export const debtHistoryOf = (tx: Tx, potId: string) =>
  Promise.all([
    tx.expense.findMany({
      where: { potId, status: 'confirmed', deletedAt: null },
      select: { amountPence: true, paidFrom: true, shares: true, payers: true },
    }),
    tx.settlement.findMany({ where: { potId, status: 'confirmed', undoneAt: null } }),
    tx.potMember.findMany({ where: { potId }, orderBy: { removedAt: { sort: 'asc', nulls: 'last' } } }),
  ]);
