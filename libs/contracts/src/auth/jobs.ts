import { defineJob } from '../common';
import {
  IssuingUserDeletedQueue,
  NotificationsUserDeletedQueue,
  PasswordResetQueue,
  PasswordResetRequestedJob,
  PotsUserDeletedQueue,
  UserDeletedJob,
} from './events';

export const AuthJobs = {
  /** The same event once per consuming service: a BullMQ queue's jobs go to one consumer. */
  userDeletedForPots: defineJob(PotsUserDeletedQueue, 'auth.user.deleted.v1', UserDeletedJob),
  userDeletedForIssuing: defineJob(IssuingUserDeletedQueue, 'auth.user.deleted.v1', UserDeletedJob),
  userDeletedForNotifications: defineJob(
    NotificationsUserDeletedQueue,
    'auth.user.deleted.v1',
    UserDeletedJob,
  ),
  passwordResetRequested: defineJob(
    PasswordResetQueue,
    'auth.password-reset.requested.v1',
    PasswordResetRequestedJob,
  ),
};
