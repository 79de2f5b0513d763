import { defineJob } from '../common';
import { EmailMessage, EmailQueue } from './email-job';
import { NotificationQueue, NotificationsDoneJob, NotifyJob } from './notification';

export const NotificationsJobs = {
  sendEmail: defineJob(EmailQueue, 'notifications.email.send.v1', EmailMessage),
  notify: defineJob(NotificationQueue, 'notifications.notify.v1', NotifyJob),
  /** Notices that asked for something now decided (keys as the notify jobs gave them): marked done. */
  done: defineJob(NotificationQueue, 'notifications.done.v1', NotificationsDoneJob),
};
