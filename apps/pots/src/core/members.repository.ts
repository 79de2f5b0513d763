import type { Tx } from '../prisma.service';

/** The member's row, removed or not; null: never in the pot. */
export const memberOf = (db: Tx, potId: string, userId: string) =>
  db.potMember.findUnique({ where: { potId_userId: { potId, userId } } });

/** The pot owner's member id. */
export async function ownerIdOf(db: Tx, potId: string): Promise<string> {
  const owner = await db.potMember.findFirstOrThrow({ where: { potId, role: 'owner' }, select: { id: true } });
  return owner.id;
}

/** Everyone who was ever in the pot: member id, user id (null: a guest) and name. */
export const everyoneEverIn = (db: Tx, potId: string) =>
  db.potMember.findMany({ where: { potId }, select: { id: true, userId: true, name: true } });

/** The current members' positions. */
export const currentPositions = (tx: Tx, potId: string) =>
  tx.potMember.findMany({ where: { potId, removedAt: null }, select: { id: true, netPence: true } });

/** The user ids of the pot's current members (null: a guest). */
export const currentMemberUserIds = (db: Tx, potId: string) =>
  db.potMember.findMany({ where: { potId, removedAt: null }, select: { userId: true } });

/** Per member: position, share of the spending, paid for the group and in how many expenses. */
export interface MemberIncrement {
  memberId: string;
  net: number;
  share: number;
  paid: number;
  paidCount: number;
}

/**
 * Adds to the members' totals as increments in SQL, never read-then-write, one statement for all of them.
 * Callers hold the pot lock (lockPot), so writers of one pot never interleave their member updates.
 */
export async function incrementMembers(tx: Tx, rows: readonly MemberIncrement[]): Promise<void> {
  await tx.$executeRaw`
    UPDATE pot_members AS m
       SET net_pence = m.net_pence + d.net, share_pence = m.share_pence + d.share,
           paid_pence = m.paid_pence + d.paid, paid_count = m.paid_count + d.paid_count
      FROM unnest(${rows.map(({ memberId }) => memberId)}::uuid[], ${rows.map(({ net }) => net)}::bigint[],
                  ${rows.map(({ share }) => share)}::bigint[], ${rows.map(({ paid }) => paid)}::bigint[],
                  ${rows.map(({ paidCount }) => paidCount)}::int[])
           AS d(id, net, share, paid, paid_count)
     WHERE m.id = d.id`;
}
