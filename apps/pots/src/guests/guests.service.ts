import type { AddGuestCommand, PotMember, PotsCaller } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { Invitation } from '../generated/prisma/client';
import { recordActivity } from '../pots/activity';
import { requireMember, requireOpenPot } from '../pots/pot-access';
import { toMember } from '../pots/pot-mapper';
import { PrismaService, type Tx } from '../prisma.service';

@Injectable()
export class GuestsService {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Adds a guest (issue 14 §8) — whoever may invite people may. Nobody in the pot may share their name or
   * e-mail: the two would be told apart by nothing in the records.
   */
  async add({ caller, potId, body }: AddGuestCommand): Promise<PotMember> {
    return this.prisma.$transaction(async (tx) => {
      const { role } = await requireMember(tx, potId, caller.userId);
      const pot = await tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { inviteRule: true } });
      if (role !== 'owner' && pot.inviteRule !== 'members')
        throw ProblemError.of(403, 'Not allowed', "This pot's rules let only the owner add people.");
      await requireOpenPot(tx, potId, 'add guests');
      const name = body.name;
      const email = body.email ?? '';
      const clash = await tx.potMember.findFirst({
        where: {
          potId,
          removedAt: null,
          OR: [
            { name: { equals: name, mode: 'insensitive' } },
            ...(email ? [{ email: { equals: email, mode: 'insensitive' as const } }] : []),
          ],
        },
      });
      if (clash) {
        throw ProblemError.of(
          409,
          'Already in the pot',
          clash.name.toLowerCase() === name.toLowerCase()
            ? `There is already someone called ${clash.name} in this pot. Add the guest with a name that tells them apart.`
            : `${clash.name} in this pot already has the e-mail ${email}.`,
        );
      }
      const guest = await tx.potMember.create({ data: { potId, userId: null, name, email, role: 'guest' } });
      await recordActivity(
        tx,
        potId,
        caller,
        'member.guest_added',
        `${caller.name} added ${name} as a guest`,
      );
      return toMember(guest);
    });
  }
}

/**
 * The guest a joining user becomes (issue 14 §8): one of the pot's guests with the user's account e-mail,
 * else one with the e-mail their invitation was sent to. Null: they join as a new member.
 */
export async function guestJoining(
  tx: Tx,
  invitation: Pick<Invitation, 'potId' | 'email'>,
  caller: PotsCaller,
): Promise<{ id: string; name: string } | null> {
  const guests = await tx.potMember.findMany({
    where: {
      potId: invitation.potId,
      role: 'guest',
      userId: null,
      removedAt: null,
      // Every e-mail here went through the Email schema, which lower-cases it.
      email: { in: [caller.email.toLowerCase(), invitation.email.toLowerCase()] },
    },
    select: { id: true, name: true, email: true },
    orderBy: { joinedAt: 'asc' },
  });
  const byAccount = guests.find(({ email }) => email === caller.email.toLowerCase());
  return byAccount ?? guests[0] ?? null;
}
