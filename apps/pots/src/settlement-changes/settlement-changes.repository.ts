import type { Tx } from '../prisma.service';

export const settlementIn = (tx: Tx, potId: string, settlementId: string) =>
  tx.settlement.findFirst({ where: { id: settlementId, potId } });

export const setSettlementAmount = (tx: Tx, settlementId: string, amountPence: number) =>
  tx.settlement.update({ where: { id: settlementId }, data: { amountPence } });

export async function markSettlementUndone(tx: Tx, settlementId: string, userId: string): Promise<void> {
  await tx.settlement.update({ where: { id: settlementId }, data: { undoneAt: new Date(), undoneBy: userId } });
}
