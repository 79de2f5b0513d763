import { type CardPotChangedJob, PotsJobs } from '@kitty/contracts';
import { outboxMessage } from '@kitty/nest-common';

import { activePotOf, nextCardPotVersion } from './card-pots.repository';
import { enqueue } from './outbox.repository';
import type { Tx } from './unit-of-work';

/**
 * Tells payments which pot the user's card spends from now (their active pot, or none), in the caller's
 * transaction (outbox): call it in every transaction that sets or ends a user's active pot, after the change.
 * The version grows under the user's version row lock, so of two changes at once the later snapshot has the
 * higher one; the pot is read after that lock, so it is the one this transaction leaves.
 */
export async function announceCardPot(tx: Tx, userId: string): Promise<void> {
  const version = await nextCardPotVersion(tx, userId);
  const snapshot: CardPotChangedJob = { userId, potId: await activePotOf(tx, userId), version };
  await enqueue(tx, outboxMessage(PotsJobs.cardPotChanged, snapshot));
}
