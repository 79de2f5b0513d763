import type { PotsCaller } from '@kitty/contracts';

import type { Tx } from '../prisma.service';

/** Appends to the pot's activity feed inside the caller's transaction, so the feed never misses a change. */
export function recordActivity(tx: Tx, potId: string, caller: PotsCaller, type: string, summary: string) {
  return tx.activityEvent.create({
    data: { potId, actorUserId: caller.userId, actorName: caller.name, type, summary },
  });
}
