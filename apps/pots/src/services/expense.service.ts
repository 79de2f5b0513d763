import type {
  CreateExpenseCommand,
  Expense,
  ExpenseCommand,
  PotQuery,
  SplitInput,
  UpdateExpenseCommand,
} from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { Expense as ExpenseRow, ExpenseShare, PotMember } from '../generated/prisma/client';
import { PrismaService, type Tx } from '../prisma.service';
import { recordActivity } from './activity';
import {
  applyMemberDeltas,
  creditPot,
  debitPot,
  type ExpenseEffect,
  memberDeltas,
  mergeDeltas,
} from './expense-effects';
import { type Membership, requireMember } from './pot-access';
import { lockPot, refreshSettlePlan } from './settle-plan';
import { computeShares } from './split';

const expenseNotFound = () => ProblemError.of(404, 'Expense not found');

@Injectable()
export class ExpenseService {
  constructor(private readonly prisma: PrismaService) {}

  async create({ caller, potId, body }: CreateExpenseCommand): Promise<Expense> {
    const expenseId = await this.prisma.$transaction(async (tx) => {
      await requireMember(tx, potId, caller.userId);
      await lockPot(tx, potId);
      const members = await activeMembersById(tx, potId);
      if (body.payerMemberId && !members.has(body.payerMemberId)) {
        throw ProblemError.of(400, 'Invalid request', 'The payer is not a member of this pot.');
      }
      const shares = sharesFor(body.split, body.amountPence, members);
      const effect: ExpenseEffect = {
        paidFrom: body.paidFrom,
        payerMemberId: body.paidFrom === 'member' ? (body.payerMemberId ?? null) : null,
        amountPence: body.amountPence,
        shares,
      };
      const expense = await tx.expense.create({
        data: {
          potId,
          description: body.description,
          amountPence: body.amountPence,
          paidFrom: effect.paidFrom,
          payerMemberId: effect.payerMemberId,
          splitMode: body.split.mode,
          createdBy: caller.userId,
          shares: { create: shareRows(body.split, shares) },
        },
      });
      if (effect.paidFrom === 'pot') {
        await debitPot(tx, potId, body.amountPence);
        await tx.potTransaction.create({
          data: {
            potId,
            type: 'debit',
            description: body.description,
            memberName: caller.name,
            amountPence: body.amountPence,
            sourceRef: `expense:${expense.id}`,
          },
        });
      }
      await applyMemberDeltas(tx, memberDeltas(effect, 1));
      await refreshSettlePlan(tx, potId);
      await recordActivity(
        tx,
        potId,
        caller,
        'expense.created',
        `${caller.name} added "${body.description}" (${formatPence(body.amountPence)})`,
      );
      return expense.id;
    });
    return this.getOne(potId, expenseId);
  }

  async list({ caller, potId }: PotQuery): Promise<Expense[]> {
    await requireMember(this.prisma, potId, caller.userId);
    const [rows, names] = await Promise.all([
      this.prisma.expense.findMany({
        where: { potId, deletedAt: null },
        include: { shares: { orderBy: { position: 'asc' } } },
        orderBy: { createdAt: 'desc' },
        take: 200,
      }),
      memberNames(this.prisma, potId),
    ]);
    return rows.map((row) => toExpense(row, names));
  }

  async update({ caller, potId, expenseId, body }: UpdateExpenseCommand): Promise<Expense> {
    await this.prisma.$transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await lockPot(tx, potId);
      const current = await findEditableExpense(tx, potId, expenseId, caller.userId, membership);
      const members = await activeMembersById(tx, potId);
      const amountPence = body.amountPence ?? Number(current.amountPence);
      const split = body.split ?? splitOf(current);
      const shares = sharesFor(split, amountPence, members);
      const before = effectOf(current);
      const after: ExpenseEffect = { ...before, amountPence, shares };

      if (before.paidFrom === 'pot' && amountPence !== before.amountPence) {
        const difference = amountPence - before.amountPence;
        if (difference > 0) await debitPot(tx, potId, difference);
        else await creditPot(tx, potId, -difference);
        await tx.potTransaction.update({
          where: { sourceRef: `expense:${expenseId}` },
          data: { amountPence, description: body.description ?? current.description },
        });
      }
      await tx.expenseShare.deleteMany({ where: { expenseId } });
      await tx.expense.update({
        where: { id: expenseId },
        data: {
          description: body.description,
          amountPence,
          splitMode: split.mode,
          shares: { create: shareRows(split, shares) },
        },
      });
      await applyMemberDeltas(tx, mergeDeltas(memberDeltas(before, -1), memberDeltas(after, 1)));
      await refreshSettlePlan(tx, potId);
      await recordActivity(
        tx,
        potId,
        caller,
        'expense.updated',
        `${caller.name} edited "${body.description ?? current.description}" (${formatPence(amountPence)})`,
      );
    });
    return this.getOne(potId, expenseId);
  }

  async delete({ caller, potId, expenseId }: ExpenseCommand): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await lockPot(tx, potId);
      const current = await findEditableExpense(tx, potId, expenseId, caller.userId, membership);
      const effect = effectOf(current);
      await tx.expense.update({ where: { id: expenseId }, data: { deletedAt: new Date() } });
      if (effect.paidFrom === 'pot') {
        await creditPot(tx, potId, effect.amountPence);
        await tx.potTransaction.create({
          data: {
            potId,
            type: 'credit',
            description: `Refund: ${current.description}`,
            memberName: caller.name,
            amountPence: effect.amountPence,
            sourceRef: `expense:${expenseId}:deleted`,
          },
        });
      }
      await applyMemberDeltas(tx, memberDeltas(effect, -1));
      await refreshSettlePlan(tx, potId);
      await recordActivity(
        tx,
        potId,
        caller,
        'expense.deleted',
        `${caller.name} deleted "${current.description}" (${formatPence(effect.amountPence)})`,
      );
    });
  }

  private async getOne(potId: string, expenseId: string): Promise<Expense> {
    const [row, names] = await Promise.all([
      this.prisma.expense.findUniqueOrThrow({
        where: { id: expenseId },
        include: { shares: { orderBy: { position: 'asc' } } },
      }),
      memberNames(this.prisma, potId),
    ]);
    return toExpense(row, names);
  }
}

type ExpenseWithShares = ExpenseRow & { shares: ExpenseShare[] };

/** Finds the expense (the pot is already locked, so edits of it apply one after the other). */
async function findEditableExpense(
  tx: Tx,
  potId: string,
  expenseId: string,
  userId: string,
  membership: Membership,
): Promise<ExpenseWithShares> {
  const expense = await tx.expense.findFirst({
    where: { id: expenseId, potId, deletedAt: null },
    include: { shares: { orderBy: { position: 'asc' } } },
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

async function activeMembersById(tx: Tx, potId: string): Promise<Map<string, PotMember>> {
  const members = await tx.potMember.findMany({ where: { potId, removedAt: null } });
  return new Map(members.map((member) => [member.id, member]));
}

async function memberNames(tx: Tx, potId: string): Promise<Map<string, string>> {
  const members = await tx.potMember.findMany({ where: { potId }, select: { id: true, name: true } });
  return new Map(members.map((member) => [member.id, member.name]));
}

function sharesFor(split: SplitInput, amountPence: number, members: Map<string, PotMember>) {
  const outsider = split.members.find((member) => !members.has(member.memberId));
  if (outsider)
    throw ProblemError.of(400, 'Invalid request', 'Everyone in the split must be a member of this pot.');
  return computeShares(split, amountPence);
}

function shareRows(split: SplitInput, shares: { memberId: string; amountPence: number }[]) {
  return shares.map((share, position) => ({
    memberId: share.memberId,
    amountPence: share.amountPence,
    inputValue: split.members[position]?.value ?? null,
    position,
  }));
}

function splitOf(expense: ExpenseWithShares): SplitInput {
  return {
    mode: expense.splitMode as SplitInput['mode'],
    members: expense.shares.map((share) => ({
      memberId: share.memberId,
      value: share.inputValue ?? undefined,
    })),
  };
}

function effectOf(expense: ExpenseWithShares): ExpenseEffect {
  return {
    paidFrom: expense.paidFrom === 'pot' ? 'pot' : 'member',
    payerMemberId: expense.payerMemberId,
    amountPence: Number(expense.amountPence),
    shares: expense.shares.map((share) => ({
      memberId: share.memberId,
      amountPence: Number(share.amountPence),
    })),
  };
}

function toExpense(row: ExpenseWithShares, names: Map<string, string>): Expense {
  return {
    id: row.id,
    potId: row.potId,
    description: row.description,
    amountPence: Number(row.amountPence),
    paidFrom: row.paidFrom === 'pot' ? 'pot' : 'member',
    payerMemberId: row.payerMemberId,
    splitMode: row.splitMode as Expense['splitMode'],
    shares: row.shares.map((share) => ({
      memberId: share.memberId,
      name: names.get(share.memberId) ?? 'Former member',
      amountPence: Number(share.amountPence),
    })),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
