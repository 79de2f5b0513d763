// How a stored expense reads: its split and effect as recorded, and as callers are shown it.
import { type Expense, type SplitInput } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

import { nameOf, type People } from '../core/confirmation';
import { type ExpenseEffect } from '../core/expense-effects';
import { type Membership } from '../core/pot-access';
import { type Share } from '../core/split';
import { spentOnOf } from '../core/uk-day';
import { type Tx } from '../core/unit-of-work';
import { storedBill, storedOriginal, toBill, toOriginal } from './expense-bill';
import { changeableExpenseIn, type ExpenseWithShares } from './expenses.repository';

export const expenseNotFound = () => ProblemError.of(404, 'Expense not found');

/** Finds the expense (the pot is already locked, so edits of it apply one after the other). */
export async function findEditableExpense(
  tx: Tx,
  potId: string,
  expenseId: string,
  userId: string,
  membership: Membership,
): Promise<ExpenseWithShares> {
  const expense = await changeableExpenseIn(tx, potId, expenseId);
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

export const amountsOf = (rows: { memberId: string; amountPence: bigint }[]): Share[] =>
  rows.map((row) => ({ memberId: row.memberId, amountPence: Number(row.amountPence) }));

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
