import { DELETED_USER_NAME, type UserDeletedJob } from '@kitty/contracts';
import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';

/**
 * A deleted account's name and address leave every pot (UK GDPR erasure); its memberships, expenses and
 * settlements stay, so the other members' balances and history still add up ('Deleted user' paid £40).
 * Idempotent: a redelivered event finds nothing left to change.
 */
@Injectable()
export class MemberErasure {
  constructor(private readonly prisma: PrismaService) {}

  async erase({ userId }: UserDeletedJob): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const memberships = await tx.potMember.findMany({
        where: { userId },
        select: { potId: true, name: true },
      });
      // Pot transactions carry the name shown at the time, not the user id: matched per pot by that name.
      for (const { potId, name } of memberships) {
        if (name === DELETED_USER_NAME) continue;
        await tx.potTransaction.updateMany({
          where: { potId, memberName: name },
          data: { memberName: DELETED_USER_NAME },
        });
      }
      await tx.potMember.updateMany({
        where: { userId },
        data: { name: DELETED_USER_NAME, email: `deleted-${userId}@deleted.invalid` },
      });
      await tx.activityEvent.updateMany({
        where: { actorUserId: userId },
        data: { actorName: DELETED_USER_NAME },
      });
      await tx.invitation.updateMany({
        where: { acceptedBy: userId },
        data: { name: DELETED_USER_NAME, email: `deleted-${userId}@deleted.invalid` },
      });
      await tx.activePot.deleteMany({ where: { userId } });
    });
  }
}
