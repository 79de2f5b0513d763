import { type PotAccessChangedJob, PotsJobs } from '@kitty/contracts';
import { outboxMessage } from '@kitty/nest-common';

import { POTS_SCHEMA, type Tx } from '../prisma.service';
import { rulesOf } from './rules-of';

/**
 * Tells payments who belongs to the pot and under which rules now, in the caller's transaction (outbox): call
 * it in every transaction that changes the pot's name, state or rules, or its members with an account. The
 * version grows under the pot row's lock, so of two changes at once the later snapshot has the higher one.
 * `updated_at` is left alone: the pot did not change for its members.
 */
export async function announcePotAccess(tx: Tx, potId: string): Promise<void> {
  const [version] = await tx.$queryRawUnsafe<{ access_version: bigint }[]>(
    `UPDATE "${POTS_SCHEMA}"."pots" SET access_version = access_version + 1 WHERE id = $1::uuid
      RETURNING access_version`,
    potId,
  );
  if (!version) return;
  const pot = await tx.pot.findUniqueOrThrow({
    where: { id: potId },
    include: {
      members: {
        where: { removedAt: null, userId: { not: null }, role: { in: ['owner', 'member'] } },
        orderBy: { joinedAt: 'asc' },
      },
    },
  });
  const snapshot: PotAccessChangedJob = {
    potId,
    version: Number(version.access_version),
    name: pot.name,
    isActive: pot.isActive,
    rules: rulesOf(pot),
    members: pot.members.map((member) => ({
      userId: member.userId as string,
      role: member.role === 'owner' ? 'owner' : 'member',
      name: member.name,
      joinedAt: member.joinedAt.toISOString(),
    })),
  };
  await tx.outboxMessage.create({ data: outboxMessage(PotsJobs.potAccessChanged, snapshot) });
}
