import type { ExpenseReceipt } from '../generated/prisma/client';
import type { Tx } from '../prisma.service';

export type ReceiptData = Omit<ExpenseReceipt, 'expenseId'>;

/** The expense's one receipt, replacing the one it had. */
export const saveReceipt = (tx: Tx, expenseId: string, data: ReceiptData) =>
  tx.expenseReceipt.upsert({ where: { expenseId }, create: { expenseId, ...data }, update: data });

/** The receipt of the pot's expense, while the expense is not deleted. */
export const receiptOf = (db: Tx, potId: string, expenseId: string) =>
  db.expenseReceipt.findFirst({ where: { expenseId, potId, expense: { deletedAt: null } } });

/** Whether there was one to remove. */
export async function removeReceipt(tx: Tx, potId: string, expenseId: string): Promise<boolean> {
  const removed = await tx.expenseReceipt.deleteMany({ where: { expenseId, potId } });
  return removed.count > 0;
}

/** The pot's expense (not deleted): its description and who added it. */
export const expenseForReceipt = (tx: Tx, potId: string, expenseId: string) =>
  tx.expense.findFirst({
    where: { id: expenseId, potId, deletedAt: null },
    select: { description: true, createdBy: true },
  });
