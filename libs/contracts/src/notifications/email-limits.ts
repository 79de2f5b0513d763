import { z } from 'zod';

import type { EmailTemplate } from './email-job';

/**
 * E-mails a user makes Kitty send to someone else's address (pot invitations, reminders, top-up
 * requests). One counter per sender and one per recipient, per UTC day, shared by every kind and every
 * replica; a request over either limit is refused whole (429), nothing is sent or counted. Only accounts
 * with a confirmed address may send them at all.
 */
export const EMAIL_LIMITS = {
  /** Invitations, reminders and top-up requests one account may send in a day (each recipient counts once). */
  perSenderPerDay: 20,
  /** E-mails one address may receive in a day, from all senders and of all those kinds together. */
  perRecipientPerDay: 3,
} as const;

/** The spec's toast for a sender over their daily allowance. */
export const TOO_MANY_EMAILS_TITLE = 'Too many e-mails';
export const tooManyEmailsFromSender = (limit: number = EMAIL_LIMITS.perSenderPerDay) =>
  `You can send up to ${limit} invitations, reminders and requests a day. Try again tomorrow.`;
/** Said without naming who else wrote to the address or how often. */
export const tooManyEmailsToRecipient = (email: string) =>
  `We can't send more e-mails to ${email} today. Try again tomorrow.`;

/** Refused to an account whose address is not confirmed: it may not make Kitty e-mail anyone else. */
export const VERIFY_YOUR_EMAIL_TITLE = 'Verify your e-mail';
export const CONFIRM_EMAIL_FIRST_DETAIL = 'Confirm your e-mail address first.';

/**
 * On a command's caller: present when the gateway asked auth, for this very command, and the caller's
 * address was confirmed (a claim in the access token could be stale). A command that e-mails someone
 * else refuses a caller without it.
 */
export const CallerEmailVerified = z.literal(true).optional();

/**
 * What an e-mail is, which decides its unsubscribe handling:
 * - `security`: a notice about the account itself (address confirmation, password reset or change,
 *   someone signing up with the address). Always sent, no List-Unsubscribe: an owner who opted out of
 *   everything else must still hear of these.
 * - `support`: to Kitty's own support mailbox, not to a user.
 * - `unsubscribable`: everything else. It carries List-Unsubscribe (one-click, RFC 8058) and a visible
 *   opt-out link, and is not sent at all to an address that opted out.
 */
export type EmailKind = 'security' | 'support' | 'unsubscribable';

/** Every template's kind: a new template does not compile until someone has decided which it is. */
export const EMAIL_TEMPLATE_KINDS: Record<EmailTemplate, EmailKind> = {
  'verify-email': 'security',
  'password-reset': 'security',
  'password-changed': 'security',
  'sign-up-attempt': 'security',
  'bank-account-changed': 'security',
  'contact-received': 'support',
  welcome: 'unsubscribable',
  'pot-invitation': 'unsubscribable',
  'top-up-request': 'unsubscribable',
  'pot-withdrawal': 'unsubscribable',
  'pot-reminder': 'unsubscribable',
  notification: 'unsubscribable',
};
