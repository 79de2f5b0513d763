// How an expense is stored: its rows with their shares and payers, read back for callers.
import { type CreateExpenseCommand, type Expense, type SplitInput } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

import { nameOf, type People, type RecordState } from '../core/confirmation';
import { type ExpenseEffect } from '../core/expense-effects';
import { type Membership } from '../core/pot-access';
import { type Share } from '../core/split';
import { dateColumn, spentOnOf, ukToday } from '../core/uk-day';
import type {
  Expense as ExpenseRow,
  ExpensePayer,
  ExpenseShare,
  PotMember,
} from '../generated/prisma/client';
import { type Tx } from '../prisma.service';
import { billColumns, storedBill, storedOriginal, toBill, toOriginal } from './expense-bill';

export const expenseNotFound = () => ProblemError.of(404, 'Expense not found');

/** An expense's parts, in the order they were given. */
export const parts = {
  shares: { orderBy: { position: 'asc' } },
  payers: { orderBy: { position: 'asc' } },
  receipt: { select: { sizeBytes: true } },
} as const;

export type ExpenseWithShares = ExpenseRow & {
  shares: ExpenseShare[];
  payers: ExpensePayer[];
  receipt: { sizeBytes: number } | null;
};

/** Finds the expense (the pot is already locked, so edits of it apply one after the other). */
export async function findEditableExpense(
  tx: Tx,
  potId: string,
  expenseId: string,
  userId: string,
  membership: Membership,
): Promise<ExpenseWithShares> {
  const expense = await tx.expense.findFirst({
    where: { id: expenseId, potId, deletedAt: null, status: { not: 'declined' } },
    include: parts,
  });
  if (!expense) throw expenseNotFound();
  if (expense.createdBy !== userId && membership.role !== 'owner') {
    throw ProblemError.of(
      403,
      'Not allowed',
      'Only the person who added this expense or the pot owner can change it.',
    );
  }
  return expense;
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

export async function activeMembersById(tx: Tx, potId: string): Promise<Map<string, PotMember>> {
  const members = await tx.potMember.findMany({ where: { potId, removedAt: null } });
  return new Map(members.map((member) => [member.id, member]));
}

export function payerRows(payers: Share[]) {
  return payers.map((payer, position) => ({ ...payer, position }));
}

export const amountsOf = (rows: { memberId: string; amountPence: bigint }[]): Share[] =>
  rows.map((row) => ({ memberId: row.memberId, amountPence: Number(row.amountPence) }));

export function shareRows(split: SplitInput, shares: { memberId: string; amountPence: number }[]) {
  return shares.map((share, position) => ({
    memberId: share.memberId,
    amountPence: share.amountPence,
    inputValue: split.members[position]?.value ?? null,
    position,
  }));
}

/** The split an expense was recorded with, its bill included: an edit that leaves it alone keeps it. */
export function splitOf(expense: ExpenseWithShares): SplitInput {
  const items = expense.splitMode === 'itemised' ? storedBill(expense.items) : undefined;
  return {
    mode: expense.splitMode as SplitInput['mode'],
    members: expense.shares.map((share) => ({
      memberId: share.memberId,
      value: share.inputValue ?? undefined,
    })),
    ...(items ? { items } : {}),
  };
}

export function effectOf(expense: ExpenseWithShares): ExpenseEffect {
  return {
    paidFrom: expense.paidFrom === 'pot' ? 'pot' : 'member',
    payers: amountsOf(expense.payers),
    amountPence: Number(expense.amountPence),
    shares: amountsOf(expense.shares),
  };
}

export function toExpense(row: ExpenseWithShares, { byMemberId: names, byUserId }: People): Expense {
  const bill = row.splitMode === 'itemised' ? storedBill(row.items) : undefined;
  return {
    id: row.id,
    potId: row.potId,
    description: row.description,
    amountPence: Number(row.amountPence),
    paidFrom: row.paidFrom === 'pot' ? 'pot' : 'member',
    payerMemberId: row.payerMemberId,
    payers: row.payers.map((payer) => ({
      memberId: payer.memberId,
      name: names.get(payer.memberId) ?? 'Former member',
      amountPence: Number(payer.amountPence),
    })),
    splitMode: row.splitMode as Expense['splitMode'],
    items: bill ? toBill(bill) : null,
    original: toOriginal(storedOriginal(row)),
    category: row.category as Expense['category'],
    shares: row.shares.map((share) => ({
      memberId: share.memberId,
      name: names.get(share.memberId) ?? 'Former member',
      amountPence: Number(share.amountPence),
    })),
    status: row.status as Expense['status'],
    awaitingMemberId: row.awaitingMemberId,
    createdBy: row.createdBy,
    createdByName: nameOf(byUserId, row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    hasReceipt: row.receipt !== null,
    spentOn: spentOnOf(row),
    notes: row.notes,
  };
}

/** Whether a payment between members was recorded after the expense: changing it reopens settled debts. */
export async function paidSince(tx: Tx, expense: { potId: string; createdAt: Date }): Promise<boolean> {
  const payments = await tx.settlement.count({
    where: { potId: expense.potId, status: 'confirmed', createdAt: { gt: expense.createdAt } },
  });
  return payments > 0;
}
