import type { Tx } from '../prisma.service';

/**
 * What a pot's export holds: its name, everyone ever in it (longest-standing first), and its confirmed
 * expenses (not deleted) and payments (not undone), oldest first.
 */
export const exportedHistoryOf = (db: Tx, potId: string) =>
  Promise.all([
    db.pot.findUniqueOrThrow({ where: { id: potId }, select: { name: true } }),
    db.potMember.findMany({ where: { potId }, orderBy: { joinedAt: 'asc' } }),
    db.expense.findMany({
      where: { potId, deletedAt: null, status: 'confirmed' },
      include: { shares: { orderBy: { position: 'asc' } }, payers: { orderBy: { position: 'asc' } } },
      orderBy: { createdAt: 'asc' },
    }),
    db.settlement.findMany({
      where: { potId, status: 'confirmed', undoneAt: null },
      orderBy: { createdAt: 'asc' },
    }),
  ]);

/** Those of these expenses that exist. */
export const existingExpenseIds = (db: Tx, ids: string[]) =>
  db.expense.findMany({ where: { id: { in: ids } }, select: { id: true } });

/** Those of these settlements (payment rows imported before) that exist. */
export const existingSettlementIds = (db: Tx, ids: string[]) =>
  db.settlement.findMany({ where: { id: { in: ids } }, select: { id: true } });

export async function settlementExists(db: Tx, id: string): Promise<boolean> {
  return (await db.settlement.findUnique({ where: { id }, select: { id: true } })) !== null;
}

/** The pot's current members' ids and names. */
export const currentMemberNames = (db: Tx, potId: string) =>
  db.potMember.findMany({ where: { potId, removedAt: null }, select: { id: true, name: true } });
