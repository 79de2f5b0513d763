/**
 * E-mails a user can make Kitty send to addresses they choose (pot invitations, top-up requests) —
 * issue 11 §2. One counter per sender and one per recipient, per UTC day, shared by both kinds and by
 * every replica; a request over either limit is refused whole (429), nothing is sent or counted.
 */
export const EMAIL_LIMITS = {
  /** Invitations plus top-up requests one account may send in a day (each recipient counts once). */
  perSenderPerDay: 20,
  /** E-mails one address may receive in a day, from all senders together. */
  perRecipientPerDay: 3,
} as const;

/** The spec's toast for a sender over their daily allowance. */
export const TOO_MANY_EMAILS_TITLE = 'Too many e-mails';
export const tooManyEmailsFromSender = (limit: number = EMAIL_LIMITS.perSenderPerDay) =>
  `You can send up to ${limit} invitations and requests a day. Try again tomorrow.`;
/** Said without naming who else wrote to the address or how often. */
export const tooManyEmailsToRecipient = (email: string) =>
  `We can't send more e-mails to ${email} today. Try again tomorrow.`;

/** E-mail templates sent to an address another user chose: they carry List-Unsubscribe and honour opt-outs. */
export const CHOSEN_RECIPIENT_TEMPLATES = ['pot-invitation', 'top-up-request'] as const;
