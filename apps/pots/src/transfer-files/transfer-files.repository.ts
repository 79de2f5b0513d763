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

/** The member the owner chose for each name (as compared) at the pot's earlier imports. */
export async function rememberedNameChoices(db: Tx, potId: string): Promise<Map<string, string>> {
  const choices = await db.importNameChoice.findMany({
    where: { potId },
    select: { nameKey: true, memberId: true },
  });
  return new Map(choices.map(({ nameKey, memberId }) => [nameKey, memberId]));
}

/**
 * Keeps these choices for the pot's next import, each replacing any earlier one for the same name; run in a
 * transaction, so an import's choices are kept together or not at all.
 */
export async function rememberNameChoices(tx: Tx, potId: string, memberOf: Map<string, string>) {
  for (const [nameKey, memberId] of memberOf)
    await tx.importNameChoice.upsert({
      where: { potId_nameKey: { potId, nameKey } },
      create: { potId, nameKey, memberId },
      update: { memberId, chosenAt: new Date() },
    });
}
