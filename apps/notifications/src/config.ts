import { baseConfigSchema, databaseConfigSchema, loadConfig, secret } from '@kitty/nest-common';
import { z } from 'zod';

export const notificationsConfigSchema = baseConfigSchema.extend(databaseConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().default(3106),
  /** The SMTP server (MailDev locally). May carry credentials (smtp://user:pass@host:587): never logged. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(1).default('Kitty <no-reply@kitty.example>'),
  /** Where contact messages go; shown with the phone number in every e-mail's footer. */
  SUPPORT_EMAIL: z.email().default('support@kitty.example'),
  SUPPORT_PHONE: z.string().min(1).default('+44 20 7946 0000'),
  /** The URL users open; links in e-mails start here. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** E-mail jobs sent at once by one replica, and the SMTP connections it keeps open for them. */
  EMAIL_WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(5),
  /** Signs the unsubscribe links of e-mails to addresses other users chose (refused in production if public). */
  EMAIL_LINK_SECRET: secret(),
});

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

export const loadNotificationsConfig = () => loadConfig(notificationsConfigSchema, process.env);
