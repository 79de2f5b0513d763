import { type PotAccessChangedJob, PotsJobs } from '@kitty/contracts';
import { outboxMessage } from '@kitty/nest-common';

import { enqueue } from './outbox.repository';
import { nextAccessVersion, potWithAccountMembers } from './pot-rows.repository';
import { rulesOf } from './rules-of';
import type { Tx } from './unit-of-work';

/**
 * Tells payments who belongs to the pot and under which rules now, in the caller's transaction (outbox): call
 * it in every transaction that changes the pot's name, state or rules, or its members with an account. The
 * version grows under the pot row's lock, so of two changes at once the later snapshot has the higher one.
 * `updated_at` is left alone: the pot did not change for its members.
 */
export async function announcePotAccess(tx: Tx, potId: string): Promise<void> {
  const version = await nextAccessVersion(tx, potId);
  if (version === null) return;
  const pot = await potWithAccountMembers(tx, potId);
  const snapshot: PotAccessChangedJob = {
    potId,
    version,
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
  await enqueue(tx, outboxMessage(PotsJobs.potAccessChanged, snapshot));
}
