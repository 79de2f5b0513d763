import { z } from 'zod';

import { defineQueue, Email, IsoDateTime, Uuid } from '../common';

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

/**
 * `auth.password-reset.requested`: someone asked for a reset link for `email`. Auth answers the request
 * before it looks the address up, and the lookup and the e-mail happen here: the answer's timing is the
 * same whether or not the address has an account.
 */
export const PasswordResetRequestedJob = z.object({ email: Email });
export type PasswordResetRequestedJob = z.infer<typeof PasswordResetRequestedJob>;

export const PasswordResetQueue = defineQueue('auth-password-reset', ['auth.password-reset.requested.v1']);
