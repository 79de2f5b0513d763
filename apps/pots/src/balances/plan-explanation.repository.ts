import { byPair } from '@kitty/money';

import type { Tx } from '../prisma.service';

/** What explains the transfer `from` → `to`: the pot's settings, the two members, and their shared history. */
export function transferHistory(db: Tx, potId: string, fromMemberId: string, toMemberId: string) {
  const both = [fromMemberId, toMemberId];
  const { low, high } = byPair({ from: fromMemberId, to: toMemberId, amountPence: 0 });
  return Promise.all([
    db.pot.findUniqueOrThrow({
      where: { id: potId },
      select: { simplifyDebts: true, directDebtsComplete: true },
    }),
    db.potMember.findMany({ where: { potId, id: { in: both } } }),
    db.expense.findMany({
      where: {
        potId,
        status: 'confirmed',
        deletedAt: null,
        paidFrom: 'member',
        payers: { some: { memberId: { in: both } } },
        shares: { some: { memberId: { in: both } } },
      },
      include: { shares: true, payers: true },
    }),
    db.settlement.findMany({
      where: {
        potId,
        status: 'confirmed',
        undoneAt: null,
        OR: [
          { fromMemberId, toMemberId },
          { fromMemberId: toMemberId, toMemberId: fromMemberId },
        ],
      },
    }),
    db.potDebt.findUnique({
      where: { potId_lowMemberId_highMemberId: { potId, lowMemberId: low, highMemberId: high } },
    }),
  ]);
}
