import { type NotificationKind, NotificationsJobs } from '@kitty/contracts';
import { outboxMessage, shortenText } from '@kitty/nest-common';

import { enqueueAll } from './outbox.repository';
import { potNameAndMembers } from './pot-rows.repository';
import type { Tx } from './unit-of-work';

/** The longest title a notification carries; a longer summary is cut with an ellipsis. */
const MAX_TITLE = 200;

export interface PotNotice {
  kind: NotificationKind;
  /** Names the event; each member's key adds their id, so the event notifies each of them once. */
  eventKey: string;
  title: string;
  /** Who made it happen: told by their own screen, not by a notification. */
  exceptUserId: string | null;
}

/**
 * Tells the pot's current members (the centre decides, by their preferences, in the app and by e-mail),
 * through the pots outbox in the transaction that made the event: a notification exists exactly when
 * the change does.
 */
export async function notifyPotMembers(tx: Tx, potId: string, notice: PotNotice): Promise<void> {
  const pot = await potNameAndMembers(tx, potId);
  if (!pot) return;
  const title = shortenText(notice.title, MAX_TITLE);
  // One statement for every member: this runs under the pot's lock on every expense of a busy pot.
  await enqueueAll(
    tx,
    pot.members
      // Guests have no account to notify.
      .flatMap(({ userId }) => (userId && userId !== notice.exceptUserId ? [userId] : []))
      .map((userId) =>
        outboxMessage(NotificationsJobs.notify, {
          key: `${notice.kind}:${notice.eventKey}:${userId}`,
          userId,
          kind: notice.kind,
          title,
          body: `In ${pot.name}`,
          link: `/pot/${potId}`,
        }),
      ),
  );
}
