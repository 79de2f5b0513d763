import { z } from 'zod';

import { defineQueue, IsoDateTime, Uuid } from '../common';

/**
 * `auth.user.deleted`: the owner deleted their account. Auth has anonymised the profile and ended every
 * session; each service removes what it holds of the person and keeps what the law keeps (ledger 7 years).
 * One queue per consuming service: a BullMQ queue's jobs go to one consumer.
 */
export const UserDeletedJob = z.object({ userId: Uuid, deletedAt: IsoDateTime });
export type UserDeletedJob = z.infer<typeof UserDeletedJob>;

export const PotsUserDeletedQueue = defineQueue('pots-user-deleted', ['auth.user.deleted.v1']);
export const IssuingUserDeletedQueue = defineQueue('issuing-user-deleted', ['auth.user.deleted.v1']);
export const NotificationsUserDeletedQueue = defineQueue('notifications-user-deleted', [
  'auth.user.deleted.v1',
]);

/** What a deleted account is called wherever its name was shown to others. */
export const DELETED_USER_NAME = 'A former member';
