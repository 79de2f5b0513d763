import { defineJob } from '../common';
import { EmailMessage, EmailQueue } from './email-job';
import { NotificationQueue, NotifyJob } from './notification';

export const NotificationsJobs = {
  sendEmail: defineJob(EmailQueue, 'notifications.email.send.v1', EmailMessage),
  notify: defineJob(NotificationQueue, 'notifications.notify.v1', NotifyJob),
};
