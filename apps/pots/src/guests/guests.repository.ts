import type { Tx } from '../prisma.service';

/** Who may add people to the pot: 'owner' or 'members'. */
export async function inviteRuleOf(tx: Tx, potId: string): Promise<string> {
  const pot = await tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { inviteRule: true } });
  return pot.inviteRule;
}

/** A current member with this name, or this e-mail when one is given (either case-insensitively). */
export const memberNamedOrAt = (tx: Tx, potId: string, name: string, email: string) =>
  tx.potMember.findFirst({
    where: {
      potId,
      removedAt: null,
      OR: [
        { name: { equals: name, mode: 'insensitive' } },
        ...(email ? [{ email: { equals: email, mode: 'insensitive' as const } }] : []),
      ],
    },
  });

export const addGuest = (tx: Tx, potId: string, guest: { name: string; email: string }) =>
  tx.potMember.create({ data: { potId, userId: null, ...guest, role: 'guest' } });

/** The pot's longest-standing guest at this (lower-case) address who has no account yet. */
export const guestAt = (tx: Tx, potId: string, email: string) =>
  tx.potMember.findFirst({
    where: { potId, role: 'guest', userId: null, removedAt: null, email },
    select: { id: true, name: true },
    orderBy: { joinedAt: 'asc' },
  });
