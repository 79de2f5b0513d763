import { DELETED_USER_NAME } from '@kitty/contracts';

import type { PotMember } from '../generated/prisma/client';
import type { Tx } from '../prisma.service';

/** The pots the user has ever been in. */
export const potIdsOfUser = (db: Tx, userId: string) =>
  db.potMember.findMany({ where: { userId }, select: { potId: true } });

export const membershipOf = (tx: Tx, potId: string, userId: string) =>
  tx.potMember.findUniqueOrThrow({ where: { potId_userId: { potId, userId } } });

/** Invitations the user accepted no longer name them or their address. */
export async function forgetInvitee(tx: Tx, userId: string): Promise<void> {
  await tx.invitation.updateMany({
    where: { acceptedBy: userId },
    data: { name: DELETED_USER_NAME, email: `deleted-${userId}@deleted.invalid` },
  });
}

/** Whether the user had an active pot. */
export async function endActivePot(tx: Tx, userId: string): Promise<boolean> {
  const { count } = await tx.activePot.deleteMany({ where: { userId } });
  return count > 0;
}

/** The member and their entries in the feed are the former member's, with no address. */
export async function nameFormerMember(tx: Tx, member: PotMember, userId: string): Promise<void> {
  await tx.potMember.update({ where: { id: member.id }, data: { name: DELETED_USER_NAME, email: '' } });
  await tx.activityEvent.updateMany({
    where: { potId: member.potId, actorUserId: userId },
    data: { actorName: DELETED_USER_NAME },
  });
}

/** The pot's longest-standing other member with an account (not a guest); null: none. */
export const longestStandingMember = (tx: Tx, owner: PotMember) =>
  tx.potMember.findFirst({
    where: {
      potId: owner.potId,
      removedAt: null,
      role: 'member',
      userId: { not: null },
      id: { not: owner.id },
    },
    orderBy: [{ joinedAt: 'asc' }, { id: 'asc' }],
  });

/** The successor owns the pot, the owner becomes a member. */
export async function handOver(tx: Tx, owner: PotMember, successor: { id: string; userId: string }) {
  await tx.potMember.update({ where: { id: successor.id }, data: { role: 'owner' } });
  await tx.potMember.update({ where: { id: owner.id }, data: { role: 'member' } });
  // `createdBy` is what the pot lists call its owner.
  await tx.pot.update({ where: { id: owner.potId }, data: { createdBy: successor.userId } });
}

/** The pot's transactions by that name are the former member's. */
export async function forgetTransactionName(tx: Tx, potId: string, name: string): Promise<void> {
  await tx.potTransaction.updateMany({
    where: { potId, memberName: name },
    data: { memberName: DELETED_USER_NAME },
  });
}

/** The pot's feed entries whose summary contains the text. */
export const activityMentioning = (tx: Tx, potId: string, text: string) =>
  tx.activityEvent.findMany({ where: { potId, summary: { contains: text } }, select: { id: true, summary: true } });

export async function setActivitySummary(tx: Tx, id: string, summary: string): Promise<void> {
  await tx.activityEvent.update({ where: { id }, data: { summary } });
}
