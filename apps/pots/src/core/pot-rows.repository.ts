import type { Prisma } from '../generated/prisma/client';
import type { Tx } from '../prisma.service';

/**
 * Serialises every change to a pot's positions: the pot row is locked first, always, so writers queue
 * per pot (never across pots) and never deadlock on member rows.
 */
export async function lockPot(tx: Tx, potId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM pots WHERE id = ${potId}::uuid FOR UPDATE`;
}

export const potById = (db: Tx, potId: string) => db.pot.findUniqueOrThrow({ where: { id: potId } });

/** Whether the pot takes new records; null: no such pot. */
export const potIsActive = (db: Tx, potId: string) =>
  db.pot.findUnique({ where: { id: potId }, select: { isActive: true } });

/** The pot's next access version, its row locked until the caller's transaction ends; null: no such pot. */
export async function nextAccessVersion(tx: Tx, potId: string): Promise<number | null> {
  const [row] = await tx.$queryRaw<{ access_version: bigint }[]>`
    UPDATE pots SET access_version = access_version + 1 WHERE id = ${potId}::uuid
    RETURNING access_version`;
  return row ? Number(row.access_version) : null;
}

/** The pot with its current members who have an account and may spend (owner, member), longest-standing first. */
export const potWithAccountMembers = (tx: Tx, potId: string) =>
  tx.pot.findUniqueOrThrow({
    where: { id: potId },
    include: {
      members: {
        where: { removedAt: null, userId: { not: null }, role: { in: ['owner', 'member'] } },
        orderBy: { joinedAt: 'asc' },
      },
    },
  });

/** The pot's name and its current members' user ids (null: a guest); null: no such pot. */
export const potNameAndMembers = (tx: Tx, potId: string) =>
  tx.pot.findUnique({
    where: { id: potId },
    select: { name: true, members: { where: { removedAt: null }, select: { userId: true } } },
  });

/** What the settle-up plan is worked out from, besides the positions. */
export const planSettings = (tx: Tx, potId: string) =>
  tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { settlePlan: true, simplifyDebts: true } });

/** Saves a plan worked out from the positions as they stand: it is no longer stale. */
export async function saveSettlePlan(tx: Tx, potId: string, plan: Prisma.InputJsonValue): Promise<void> {
  await tx.pot.update({ where: { id: potId }, data: { settlePlan: plan, settlePlanStale: false } });
}

/** The stored plan, and whether a member's own money moved since it was worked out. */
export const storedSettlePlan = (tx: Tx, potId: string) =>
  tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { settlePlan: true, settlePlanStale: true } });

export async function directDebtsComplete(tx: Tx, potId: string): Promise<boolean> {
  const pot = await tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { directDebtsComplete: true } });
  return pot.directDebtsComplete;
}

export async function markDirectDebtsComplete(tx: Tx, potId: string): Promise<void> {
  await tx.pot.update({ where: { id: potId }, data: { directDebtsComplete: true } });
}
