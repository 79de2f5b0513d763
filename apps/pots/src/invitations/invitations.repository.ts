import type { Invitation } from '../generated/prisma/client';
import type { Tx } from '../prisma.service';

export const createInvitation = (
  tx: Tx,
  invitation: Pick<Invitation, 'potId' | 'tokenHash' | 'name' | 'email' | 'invitedBy' | 'expiresAt'>,
) => tx.invitation.create({ data: invitation });

/** Revokes the pot's open invitation (one `invitedBy` sent, when given); whether there was one. */
export async function revokeOpenInvitation(
  tx: Tx,
  potId: string,
  invitationId: string,
  invitedBy: string | null,
): Promise<boolean> {
  const { count } = await tx.invitation.updateMany({
    where: {
      id: invitationId,
      potId,
      acceptedAt: null,
      revokedAt: null,
      ...(invitedBy === null ? {} : { invitedBy }),
    },
    data: { revokedAt: new Date() },
  });
  return count > 0;
}

export const invitationByTokenHash = (db: Tx, tokenHash: string) =>
  db.invitation.findUnique({ where: { tokenHash } });

/** The invitation with its pot and the pot's owner. */
export const invitationWithPot = (db: Tx, tokenHash: string) =>
  db.invitation.findUnique({
    where: { tokenHash },
    include: { pot: { include: { members: { where: { role: 'owner' } } } } },
  });

/** The member's row (removed or not); null: never in the pot. */
export const memberOfPot = (db: Tx, potId: string, userId: string) =>
  db.potMember.findUnique({ where: { potId_userId: { potId, userId } } });

/** Uses the invitation if it is still open and unexpired; whether this did. */
export async function useInvitation(tx: Tx, invitationId: string, userId: string): Promise<boolean> {
  const { count } = await tx.invitation.updateMany({
    where: { id: invitationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { acceptedAt: new Date(), acceptedBy: userId },
  });
  return count > 0;
}

/** The guest's place is the user's: every expense and payment recorded for the guest is now theirs. */
export async function takeOverGuest(
  tx: Tx,
  guestId: string,
  user: { userId: string; name: string; email: string },
): Promise<void> {
  await tx.potMember.update({ where: { id: guestId }, data: { ...user, role: 'member' } });
}

/** The user is a member of the pot (again: a former member comes back). */
export async function joinPot(
  tx: Tx,
  potId: string,
  { userId, name, email }: { userId: string; name: string; email: string },
): Promise<void> {
  await tx.potMember.upsert({
    where: { potId_userId: { potId, userId } },
    create: { potId, userId, name, email },
    update: { removedAt: null, name, email, joinedAt: new Date() },
  });
}
