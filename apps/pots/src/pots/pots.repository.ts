import type { PotSummary } from '@kitty/contracts';
import type { DirectRows } from '@kitty/nest-common';

import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../prisma.service';

const RECENT_TRANSACTIONS = 50;
const activeMembers = { where: { removedAt: null } } as const;

/** A timestamptz(3) column as JavaScript's toISOString() writes it. */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface PotSummaryRow {
  id: string;
  name: string;
  description: string | null;
  balance_pence: bigint;
  is_active: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
  members: PotSummary['members'] | null;
  /** The user's own position in the pot. */
  your_net_pence: bigint;
}

/** A new pot, its creator its owner. */
export const createPot = (
  tx: Tx,
  pot: { name: string; description: string | null },
  owner: { userId: string; name: string; email: string },
) =>
  tx.pot.create({
    data: {
      ...pot,
      createdBy: owner.userId,
      members: { create: { ...owner, role: 'owner' } },
    },
  });

/** The pot the user's card spends from is this one now. */
export const setActivePot = (tx: Tx, userId: string, potId: string) =>
  tx.activePot.upsert({ where: { userId }, create: { userId, potId }, update: { potId } });

/** Makes the pot the user's active one if they have none; whether it did. */
export async function makeActiveIfNone(tx: Tx, userId: string, potId: string): Promise<boolean> {
  const { count } = await tx.activePot.createMany({ data: [{ userId, potId }], skipDuplicates: true });
  return count > 0;
}

/**
 * One statement: the user's pots with their members as JSON, built and ordered by Postgres. Prisma's
 * include took a second round trip and mapped every member row, half of pots' CPU on this read. Past
 * Prisma's query path.
 */
export const potSummariesOf = (rows: DirectRows, userId: string, isActive: boolean) =>
  rows<PotSummaryRow>(
    `SELECT p.id, p.name, p.description, p.balance_pence, p.is_active, p.created_by,
            ${isoTime('p.created_at')} AS created_at, ${isoTime('p.updated_at')} AS updated_at,
            (SELECT json_agg(json_build_object(
                      'id', m.id, 'userId', m.user_id, 'name', m.name, 'email', m.email,
                      'role', CASE WHEN m.role IN ('owner', 'guest') THEN m.role ELSE 'member' END,
                      'joinedAt', ${isoTime('m.joined_at')})
                      ORDER BY (m.role = 'owner') DESC, m.joined_at)
               FROM pot_members m
              WHERE m.pot_id = p.id AND m.removed_at IS NULL) AS members,
            (SELECT me.net_pence FROM pot_members me
              WHERE me.pot_id = p.id AND me.user_id = $1::uuid AND me.removed_at IS NULL
              LIMIT 1) AS your_net_pence
       FROM pots p
      WHERE p.is_active = $2
        AND EXISTS (SELECT 1 FROM pot_members me
                     WHERE me.pot_id = p.id AND me.user_id = $1::uuid AND me.removed_at IS NULL)
      ORDER BY p.created_at DESC`,
    userId,
    isActive,
  );

/** Pots the user owns that still hold money, oldest first. */
export const ownedPotsWithMoney = (db: Tx, userId: string) =>
  db.pot.findMany({
    where: {
      balancePence: { not: 0 },
      members: { some: { userId, role: 'owner', removedAt: null } },
    },
    select: { id: true, name: true, balancePence: true },
    orderBy: { createdAt: 'asc' },
  });

/** The user's positions that are not zero, in the pots they are still in. */
export const openPositionsOf = (db: Tx, userId: string) =>
  db.potMember.findMany({
    where: { userId, removedAt: null, netPence: { not: 0 } },
    select: { potId: true, netPence: true, pot: { select: { name: true } } },
    orderBy: { joinedAt: 'asc' },
  });

/**
 * The pot with its current members, its recent transactions and its open invitations: those `invitedBy`
 * sent (null: every one).
 */
export const potDetail = (db: Tx, potId: string, invitedBy: string | null) =>
  db.pot.findUniqueOrThrow({
    where: { id: potId },
    include: {
      members: activeMembers,
      transactions: { orderBy: { createdAt: 'desc' }, take: RECENT_TRANSACTIONS },
      invitations: {
        where: {
          acceptedAt: null,
          revokedAt: null,
          expiresAt: { gt: new Date() },
          ...(invitedBy === null ? {} : { invitedBy }),
        },
        orderBy: { createdAt: 'desc' },
      },
    },
  });

/** What everyone ever in the pot paid for the group themselves, and in how many expenses. */
export const paidByMembers = (db: Tx, potId: string) =>
  db.potMember.aggregate({ where: { potId }, _sum: { paidPence: true, paidCount: true } });

/** The pot's confirmed expenses (not deleted) summed by category. */
export const confirmedSpendingByCategory = (db: Tx, potId: string) =>
  db.expense.groupBy({
    by: ['category'],
    where: { potId, deletedAt: null, status: 'confirmed' },
    _sum: { amountPence: true },
  });

export async function updatePot(tx: Tx, potId: string, data: Prisma.PotUpdateInput): Promise<void> {
  await tx.pot.update({ where: { id: potId }, data });
}

/** No plan to start from: the next one is made afresh. */
export async function clearSettlePlan(tx: Tx, potId: string): Promise<void> {
  await tx.pot.update({ where: { id: potId }, data: { settlePlan: Prisma.DbNull } });
}

/** The pot's card spends from no one's card any more; whose cards spent from it. */
export async function endActivePotsOf(tx: Tx, potId: string): Promise<string[]> {
  const spendingFromIt = await tx.activePot.findMany({ where: { potId }, select: { userId: true } });
  await tx.activePot.deleteMany({ where: { potId } });
  return spendingFromIt.map(({ userId }) => userId);
}

/** The member's role, whether they left, and the pot's name, state and rules; null: never in it. */
export const membershipWithRules = (db: Tx, potId: string, userId: string) =>
  db.potMember.findUnique({
    where: { potId_userId: { potId, userId } },
    select: {
      role: true,
      removedAt: true,
      pot: {
        select: {
          name: true,
          isActive: true,
          withdrawRule: true,
          spendRule: true,
          approvalAbovePence: true,
          inviteRule: true,
          simplifyDebts: true,
        },
      },
    },
  });

/** The user's active pot while they are still a member of it. */
export async function activePotWhileMember(
  db: Tx,
  userId: string,
): Promise<{ pot_id: string; updated_at: Date } | undefined> {
  const [row] = await db.$queryRaw<{ pot_id: string; updated_at: Date }[]>`
    SELECT a.pot_id, a.updated_at
      FROM user_active_pot a
      JOIN pot_members m ON m.pot_id = a.pot_id AND m.user_id = a.user_id AND m.removed_at IS NULL
     WHERE a.user_id = ${userId}::uuid`;
  return row;
}

/** Current members whose position is not zero, who owes most first. */
export const unsettledMembers = (tx: Tx, potId: string) =>
  tx.potMember.findMany({
    where: { potId, removedAt: null, netPence: { not: 0 } },
    select: { name: true, netPence: true },
    orderBy: [{ netPence: 'asc' }, { joinedAt: 'asc' }],
  });
