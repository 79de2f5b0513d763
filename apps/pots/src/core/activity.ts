import type { NotificationKind, PotsCaller } from '@kitty/contracts';

import { addActivity } from './activity.repository';
import { notifyPotMembers } from './pot-notifications';
import type { Tx } from './unit-of-work';

/** Feed entries the pot's other members are also notified of, as which kind. */
const NOTIFIED: Partial<Record<string, NotificationKind>> = {
  'member.joined': 'member_joined',
  'expense.created': 'expense_added',
  'expense.pending': 'expense_added',
  'settlement.recorded': 'settled_up',
  'settlement.confirmed': 'settled_up',
};

/**
 * Appends to the pot's activity feed inside the caller's transaction, so the feed never misses a change;
 * the entries that matter to the others also notify them, in the same transaction.
 */
export async function recordActivity(
  tx: Tx,
  potId: string,
  caller: PotsCaller,
  type: string,
  summary: string,
) {
  const entry = await addActivity(tx, {
    potId,
    actorUserId: caller.userId,
    actorName: caller.name,
    type,
    summary,
  });
  const kind = NOTIFIED[type];
  if (kind)
    await notifyPotMembers(tx, potId, {
      kind,
      eventKey: entry.id,
      title: summary,
      exceptUserId: caller.userId,
    });
  return entry;
}
