import { type CardPotChangedJob, PotsJobs } from '@kitty/contracts';
import { outboxMessage } from '@kitty/nest-common';

import { POTS_SCHEMA, type Tx } from '../prisma.service';

/**
 * Tells payments which pot the user's card spends from now (their active pot, or none), in the caller's
 * transaction (outbox): call it in every transaction that sets or ends a user's active pot, after the change.
 * The version grows under the user's version row lock, so of two changes at once the later snapshot has the
 * higher one; the pot is read after that lock, so it is the one this transaction leaves.
 */
export async function announceCardPot(tx: Tx, userId: string): Promise<void> {
  const [version] = await tx.$queryRawUnsafe<{ version: bigint }[]>(
    `INSERT INTO "${POTS_SCHEMA}"."card_pot_versions" AS v (user_id, version) VALUES ($1::uuid, 1)
     ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
     RETURNING version`,
    userId,
  );
  const active = await tx.activePot.findUnique({ where: { userId }, select: { potId: true } });
  const snapshot: CardPotChangedJob = {
    userId,
    potId: active?.potId ?? null,
    version: Number(version.version),
  };
  await tx.outboxMessage.create({ data: outboxMessage(PotsJobs.cardPotChanged, snapshot) });
}
