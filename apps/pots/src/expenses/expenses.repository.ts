import type { CreateExpenseCommand, SplitInput } from '@kitty/contracts';

import type { RecordState } from '../core/confirmation';
import type { ExpenseEffect } from '../core/expense-effects';
import type { Share } from '../core/split';
import { dateColumn, ukToday } from '../core/uk-day';
import type {
  Expense as ExpenseRow,
  ExpensePayer,
  ExpenseShare,
  PotMember,
  Prisma,
} from '../generated/prisma/client';
import type { Tx } from '../prisma.service';
import { billColumns } from './expense-bill';

/** An expense's parts, in the order they were given. */
const parts = {
  shares: { orderBy: { position: 'asc' } },
  payers: { orderBy: { position: 'asc' } },
  receipt: { select: { sizeBytes: true } },
} as const;

export type ExpenseWithShares = ExpenseRow & {
  shares: ExpenseShare[];
  payers: ExpensePayer[];
  receipt: { sizeBytes: number } | null;
};

export async function expenseExists(db: Tx, expenseId: string): Promise<boolean> {
  return (await db.expense.findUnique({ where: { id: expenseId }, select: { id: true } })) !== null;
}

export const expenseWithParts = (db: Tx, expenseId: string): Promise<ExpenseWithShares> =>
  db.expense.findUniqueOrThrow({ where: { id: expenseId }, include: parts });

/** The pot's expense while it is not deleted. */
export const undeletedExpenseIn = (tx: Tx, potId: string, expenseId: string): Promise<ExpenseWithShares | null> =>
  tx.expense.findFirst({ where: { id: expenseId, potId, deletedAt: null }, include: parts });

/** The pot's expense while it is neither deleted nor declined. */
export const changeableExpenseIn = (tx: Tx, potId: string, expenseId: string): Promise<ExpenseWithShares | null> =>
  tx.expense.findFirst({
    where: { id: expenseId, potId, deletedAt: null, status: { not: 'declined' } },
    include: parts,
  });

/** The pot's expenses shown in its list, by the day each was spent (newest first), then as entered. */
export const listedExpenses = (db: Tx, potId: string): Promise<ExpenseWithShares[]> =>
  db.expense.findMany({
    where: { potId, deletedAt: null, status: { not: 'declined' } },
    include: parts,
    orderBy: [{ spentOn: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }],
    take: 200,
  });

export function payerRows(payers: Share[]) {
  return payers.map((payer, position) => ({ ...payer, position }));
}

export function shareRows(split: SplitInput, shares: { memberId: string; amountPence: number }[]) {
  return shares.map((share, position) => ({
    memberId: share.memberId,
    amountPence: share.amountPence,
    inputValue: split.members[position]?.value ?? null,
    position,
  }));
}

/** Writes the expense with its shares and payers (one INSERT each, under the pot's lock). */
export async function insertExpense(
  tx: Tx,
  { caller, potId, body }: CreateExpenseCommand,
  expenseId: string,
  effect: ExpenseEffect,
  state: RecordState,
  ledgerTransactionId: string | null,
): Promise<void> {
  await tx.expense.create({
    data: {
      id: expenseId,
      potId,
      description: body.description,
      amountPence: body.amountPence,
      paidFrom: effect.paidFrom,
      payerMemberId: effect.payers[0]?.memberId ?? null,
      splitMode: body.split.mode,
      category: body.category,
      ...billColumns(body.split.items, body.original),
      spentOn: dateColumn(body.spentOn ?? ukToday()),
      notes: body.notes || null,
      ledgerTransactionId,
      createdBy: caller.userId,
      ...state,
      // createMany: one INSERT for all the shares (a nested create is one per row).
      shares: { createMany: { data: shareRows(body.split, effect.shares) } },
      payers: { createMany: { data: payerRows(effect.payers) } },
    },
  });
}

/** The expense's columns as `columns` says, and its shares and payers replaced. */
export async function rewriteExpense(
  tx: Tx,
  expenseId: string,
  columns: Prisma.ExpenseUpdateInput,
  { split, shares, payers }: { split: SplitInput; shares: Share[]; payers: Share[] },
): Promise<void> {
  await tx.expenseShare.deleteMany({ where: { expenseId } });
  await tx.expensePayer.deleteMany({ where: { expenseId } });
  await tx.expense.update({
    where: { id: expenseId },
    data: {
      ...columns,
      shares: { createMany: { data: shareRows(split, shares) } },
      payers: { createMany: { data: payerRows(payers) } },
    },
  });
}

export async function updateExpense(tx: Tx, expenseId: string, data: Prisma.ExpenseUpdateInput): Promise<void> {
  await tx.expense.update({ where: { id: expenseId }, data });
}

export async function activeMembersById(tx: Tx, potId: string): Promise<Map<string, PotMember>> {
  const members = await tx.potMember.findMany({ where: { potId, removedAt: null } });
  return new Map(members.map((member) => [member.id, member]));
}

/** Whether a payment between members was recorded after the expense: changing it reopens settled debts. */
export async function paidSince(tx: Tx, expense: { potId: string; createdAt: Date }): Promise<boolean> {
  const payments = await tx.settlement.count({
    where: { potId: expense.potId, status: 'confirmed', createdAt: { gt: expense.createdAt } },
  });
  return payments > 0;
}
