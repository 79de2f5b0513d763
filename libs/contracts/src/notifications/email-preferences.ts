import { z } from 'zod';

import { apiSchema, defineRpc } from '../common';

/** What the opt-out page says once an address is unsubscribed. */
export const UNSUBSCRIBED_MESSAGE = 'You will no longer receive e-mails from Kitty at this address.';

/**
 * The signed token of an unsubscribe link: `<address hash>.<signature>` in base64url, verified by the
 * notifications service with its key alone (no lookup), and carrying no readable address.
 */
export const UnsubscribeToken = z
  .string()
  .min(1, 'This unsubscribe link is not valid.')
  .max(200, 'This unsubscribe link is not valid.')
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'This unsubscribe link is not valid.');

export const UnsubscribeQuery = apiSchema('UnsubscribeQuery', z.object({ token: UnsubscribeToken }).strict());
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

export const Unsubscribed = apiSchema(
  'Unsubscribed',
  z.object({ unsubscribed: z.literal(true), message: z.string() }),
);
export type Unsubscribed = z.infer<typeof Unsubscribed>;

export const EmailPreferencesRpc = {
  /** Records the opt-out of the address the token was made for (idempotent). */
  unsubscribe: defineRpc('notifications.email-preferences.unsubscribe.v1', UnsubscribeQuery, Unsubscribed),
} as const;
