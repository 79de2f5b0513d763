import { dateColumn } from '../core/uk-day';
import type { Prisma, RecurringExpense } from '../generated/prisma/client';
import type { Tx } from '../prisma.service';
import type { CalendarDay } from './schedule';

export const ruleById = (db: Tx, id: string) => db.recurringExpense.findUnique({ where: { id } });

export const existingRule = (db: Tx, id: string) => db.recurringExpense.findUniqueOrThrow({ where: { id } });

/** How many of the pot's rules still run. */
export const runningRulesIn = (db: Tx, potId: string) =>
  db.recurringExpense.count({ where: { potId, nextDueOn: { not: null } } });

export async function createRule(tx: Tx, rule: Prisma.RecurringExpenseUncheckedCreateInput): Promise<void> {
  await tx.recurringExpense.create({ data: rule });
}

/** The pot's latest rules, newest first. */
export const latestRulesIn = (db: Tx, potId: string) =>
  db.recurringExpense.findMany({ where: { potId }, orderBy: { createdAt: 'desc' }, take: 100 });

/** The pot's rule, locked until the caller's transaction ends; undefined: no such rule in it. */
export async function lockedRuleIn(
  tx: Tx,
  potId: string,
  id: string,
): Promise<Pick<RecurringExpense, 'createdByUserId' | 'description' | 'cancelledAt'> | undefined> {
  const [rule] = await tx.$queryRaw<Pick<RecurringExpense, 'createdByUserId' | 'description' | 'cancelledAt'>[]>`
    SELECT created_by_user_id AS "createdByUserId", description, cancelled_at AS "cancelledAt"
      FROM recurring_expenses WHERE id = ${id}::uuid AND pot_id = ${potId}::uuid FOR UPDATE`;
  return rule;
}

export async function cancelRule(tx: Tx, id: string, userId: string): Promise<void> {
  await tx.recurringExpense.update({
    where: { id },
    data: { cancelledAt: new Date(), cancelledBy: userId, nextDueOn: null },
  });
}

/** Rules due by `today`, the longest due first. */
export const rulesDueBy = (db: Tx, today: CalendarDay, take: number) =>
  db.recurringExpense.findMany({
    where: { nextDueOn: { lte: dateColumn(today) } },
    select: { id: true, potId: true },
    orderBy: { nextDueOn: 'asc' },
    take,
  });

/** The membership of whoever set the rule up, removed or not; null: never in the pot. */
export const authorOf = (db: Tx, rule: Pick<RecurringExpense, 'potId' | 'createdByUserId'>) =>
  db.potMember.findUnique({ where: { potId_userId: { potId: rule.potId, userId: rule.createdByUserId } } });

/**
 * Moves the rule from `due` to `next` only if it is still due then (compare-and-set); whether it did. A
 * period recorded (no problem) counts as an occurrence.
 */
export async function moveRuleOn(
  tx: Tx,
  id: string,
  due: CalendarDay,
  next: CalendarDay | null,
  problem: string | null,
): Promise<boolean> {
  const { count } = await tx.recurringExpense.updateMany({
    where: { id, nextDueOn: dateColumn(due) },
    data: {
      nextDueOn: next ? dateColumn(next) : null,
      lastProblem: problem,
      ...(problem ? {} : { occurrences: { increment: 1 } }),
    },
  });
  return count === 1;
}

/** A period not counted after all, once per problem; whether this was news. */
export async function uncountPeriod(tx: Tx, id: string, problem: string): Promise<boolean> {
  const { count } = await tx.recurringExpense.updateMany({
    where: { id, OR: [{ lastProblem: null }, { lastProblem: { not: problem } }] },
    data: { lastProblem: problem, occurrences: { decrement: 1 } },
  });
  return count > 0;
}

/** The names of everyone ever in the pot, by user id (null: a guest). */
export const memberNamesByUser = (db: Tx, potId: string) =>
  db.potMember.findMany({ where: { potId }, select: { userId: true, name: true } });
