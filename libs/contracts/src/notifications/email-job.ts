import { z } from 'zod';

import { defineQueue, Email } from '../common';
import { NotificationDetail } from './notification';

export const EmailQueue = defineQueue('notifications-email', ['notifications.email.send.v1']);

/** Every e-mail Kitty sends is one of these templates, rendered by the notifications service. */
export const EmailMessage = z.discriminatedUnion('template', [
  z.object({ template: z.literal('welcome'), to: Email, data: z.object({ fullName: z.string() }) }),
  /** At sign-up and on resend: the link `/verify-email?token=…` (single use, 24 h). */
  z.object({
    template: z.literal('verify-email'),
    to: Email,
    data: z.object({ fullName: z.string(), token: z.string().min(1).max(200), expiresAt: z.string() }),
  }),
  /** 'Forgot password?': the link `/reset-password?token=…` (single use, 30 minutes). */
  z.object({
    template: z.literal('password-reset'),
    to: Email,
    data: z.object({ fullName: z.string(), token: z.string().min(1).max(200), expiresAt: z.string() }),
  }),
  /** After a reset or a change: the owner hears of it, in case it was not them. */
  z.object({
    template: z.literal('password-changed'),
    to: Email,
    data: z.object({ fullName: z.string(), how: z.enum(['reset', 'changed']) }),
  }),
  /**
   * A security notice: the bank account withdrawals are paid to was set or changed. `payoutsAvailableFrom`
   * (ISO) when withdrawals to it wait for the cooling-off period.
   */
  z.object({
    template: z.literal('bank-account-changed'),
    to: Email,
    data: z.object({
      fullName: z.string(),
      /** 'NatWest •••• 2345'. */
      accountLabel: z.string(),
      replaced: z.boolean(),
      payoutsAvailableFrom: z.string().nullable(),
    }),
  }),
  /** Sign-up with an address that already has an account: told to its owner, never to the caller. */
  z.object({ template: z.literal('sign-up-attempt'), to: Email, data: z.object({ fullName: z.string() }) }),
  z.object({
    template: z.literal('contact-received'),
    to: Email,
    data: z.object({
      contactId: z.string(),
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
    }),
  }),
  z.object({
    template: z.literal('pot-invitation'),
    to: Email,
    data: z.object({
      inviteeName: z.string(),
      inviterName: z.string(),
      potName: z.string(),
      inviteUrl: z.url(),
      expiresAt: z.string(),
    }),
  }),
  z.object({
    template: z.literal('top-up-request'),
    to: Email,
    data: z.object({
      requesterName: z.string(),
      /** Already formatted, e.g. '£25.00'. */
      amount: z.string(),
      message: z.string(),
      targetName: z.string(),
      topUpUrl: z.url(),
    }),
  }),
  z.object({
    template: z.literal('pot-withdrawal'),
    to: Email,
    data: z.object({
      memberName: z.string(),
      withdrawerName: z.string(),
      /** Already formatted, e.g. '£25.00'. */
      amount: z.string(),
      potName: z.string(),
      potUrl: z.url(),
    }),
  }),
  /** 'Remind' on the settle-up plan: at most once a UK day per pot, debtor and creditor. */
  z.object({
    template: z.literal('pot-reminder'),
    to: Email,
    data: z.object({
      debtorName: z.string(),
      reminderName: z.string(),
      creditorName: z.string(),
      /** Already formatted, e.g. '£25.00'. */
      amount: z.string(),
      potName: z.string(),
      potUrl: z.url(),
    }),
  }),
  /** A notification its user wants by e-mail: what happened, and where to see it. */
  z.object({
    template: z.literal('notification'),
    to: Email,
    data: z.object({
      fullName: z.string(),
      title: z.string(),
      body: z.string(),
      /** A record's facts (a receipt), listed as a table. */
      details: z.array(NotificationDetail).max(10).optional(),
      url: z.url(),
      preferencesUrl: z.url(),
    }),
  }),
]);
export type EmailMessage = z.infer<typeof EmailMessage>;
export type EmailTemplate = EmailMessage['template'];
