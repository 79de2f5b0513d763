import type { DirectRows } from '@kitty/nest-common';

import type { Prisma } from '../generated/prisma/client';
import type { Tx } from '../prisma.service';
import type { RemindedToday } from './reminders.repository';

export interface BalanceRow {
  id: string;
  user_id: string;
  name: string;
  net_pence: bigint;
  added_pence: bigint;
  settle_plan: unknown;
  /** A member's own money moved since the plan was worked out (first row only, like the plan). */
  settle_plan_stale: boolean | null;
  /** The debts reminded on the day it names (first row only, like the plan). */
  reminded: RemindedToday | null;
}

/**
 * The pot's current members' positions, owner first, with the stored plan and the debts reminded today on
 * the first row only: one statement past Prisma's query path.
 */
export const balanceRowsOf = (rows: DirectRows, potId: string) =>
  rows<BalanceRow>(
    `SELECT m.id, m.user_id, m.name, m.net_pence, m.added_pence,
            CASE WHEN row_number() OVER member_order = 1 THEN p.settle_plan END AS settle_plan,
            CASE WHEN row_number() OVER member_order = 1 THEN p.settle_plan_stale END AS settle_plan_stale,
            CASE WHEN row_number() OVER member_order = 1 THEN p.reminded_today END AS reminded
       FROM pot_members m JOIN pots p ON p.id = m.pot_id
      WHERE m.pot_id = $1::uuid AND m.removed_at IS NULL
     WINDOW member_order AS (ORDER BY (m.role = 'owner') DESC, m.joined_at)
      ORDER BY (m.role = 'owner') DESC, m.joined_at`,
    potId,
  );

export const settlementById = (db: Tx, settlementId: string) =>
  db.settlement.findUnique({ where: { id: settlementId } });

export const existingSettlement = (db: Tx, settlementId: string) =>
  db.settlement.findUniqueOrThrow({ where: { id: settlementId } });

export const createSettlement = (tx: Tx, settlement: Prisma.SettlementUncheckedCreateInput) =>
  tx.settlement.create({ data: settlement });

/** The pot's settlement while it is not undone. */
export const standingSettlementIn = (tx: Tx, potId: string, settlementId: string) =>
  tx.settlement.findFirst({ where: { id: settlementId, potId, undoneAt: null } });

export const updateSettlement = (tx: Tx, settlementId: string, data: Prisma.SettlementUpdateInput) =>
  tx.settlement.update({ where: { id: settlementId }, data });

/** The pot's settlements not declined or undone, pending ones first, then newest first. */
export const listedSettlements = (db: Tx, potId: string, take: number) =>
  db.settlement.findMany({
    where: { potId, status: { not: 'declined' }, undoneAt: null },
    orderBy: [{ status: 'desc' }, { createdAt: 'desc' }],
    take,
  });

/** How many of these members are still in the pot. */
export const currentMembersAmong = (tx: Tx, potId: string, memberIds: string[]) =>
  tx.potMember.count({ where: { potId, removedAt: null, id: { in: memberIds } } });

/** Those of these members who are still in the pot. */
export const currentMembersOf = (tx: Tx, potId: string, memberIds: string[]) =>
  tx.potMember.findMany({ where: { potId, removedAt: null, id: { in: memberIds } } });

/** How many of these members have left the pot. */
export const formerMembersAmong = (tx: Tx, potId: string, memberIds: string[]) =>
  tx.potMember.count({ where: { potId, id: { in: memberIds }, removedAt: { not: null } } });

export const currentMemberIn = (tx: Tx, potId: string, memberId: string) =>
  tx.potMember.findFirst({ where: { id: memberId, potId, removedAt: null } });

export const memberById = (tx: Tx, memberId: string) =>
  tx.potMember.findUniqueOrThrow({ where: { id: memberId } });

export async function markMemberRemoved(tx: Tx, memberId: string): Promise<void> {
  await tx.potMember.update({ where: { id: memberId }, data: { removedAt: new Date() } });
}

/** The pot is no longer the user's active pot; whether it was. */
export async function endActivePotIn(tx: Tx, userId: string, potId: string): Promise<boolean> {
  const { count } = await tx.activePot.deleteMany({ where: { userId, potId } });
  return count > 0;
}

/** The pot's latest feed entries, newest first. */
export const latestActivity = (db: Tx, potId: string, take: number) =>
  db.activityEvent.findMany({ where: { potId }, orderBy: { seq: 'desc' }, take });
